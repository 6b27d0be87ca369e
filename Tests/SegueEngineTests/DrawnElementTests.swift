import SegueEngine
import XCTest

/// Where two frames of elements differ: what an element's pixels changed
/// between its versions where it stays put, all it covered where it moved,
/// came, went, was drawn otherwise or changed places in the stack; and the
/// tracker compares with the very frame a buffer holds.
final class DrawnElementTests: XCTestCase {
    private final class Content {}
    private let a = Content(), b = Content()

    /// An element of 10×10 at (x, y), whose pixels changed, since any older
    /// version, in a 2×2 square at its top left.
    private func element(_ content: Content, version: Int = 1, at x: Int, _ y: Int, look: String = "plain") -> DrawnElement {
        DrawnElement(id: ObjectIdentifier(content), version: version, rect: rect(x, y), look: look,
                     changedSince: { _ in OutputDamage([PixelRect(x: x, y: y, width: 2, height: 2)]) })
    }

    private func rect(_ x: Int, _ y: Int) -> PixelRect { PixelRect(x: x, y: y, width: 10, height: 10) }

    private func difference(_ old: [DrawnElement], _ new: [DrawnElement]) -> Set<PixelRect> {
        Set(DrawnElement.difference(from: old, to: new).rects ?? [])
    }

    func testTheSameElementsInTheSameVersionsDifferNowhere() {
        XCTAssertEqual(DrawnElement.difference(from: [element(a, at: 0, 0)], to: [element(a, at: 0, 0)]), .none)
    }

    func testANewVersionDiffersWhereItsPixelsChanged() {
        XCTAssertEqual(difference([element(a, at: 0, 0), element(b, at: 50, 50)], [element(a, version: 2, at: 0, 0), element(b, at: 50, 50)]),
                       [PixelRect(x: 0, y: 0, width: 2, height: 2)])
    }

    /// The element is asked what changed since the version the older frame drew.
    func testANewVersionIsAskedWhatChangedSinceTheVersionDrawnBefore() {
        func element(version: Int) -> DrawnElement {
            DrawnElement(id: ObjectIdentifier(a), version: version, rect: rect(0, 0), look: "plain",
                         changedSince: { older in OutputDamage([PixelRect(x: 0, y: 0, width: older, height: 1)]) })
        }
        XCTAssertEqual(DrawnElement.difference(from: [element(version: 3)], to: [element(version: 7)]).rects,
                       [PixelRect(x: 0, y: 0, width: 3, height: 1)])
    }

    /// What an element says its pixels changed is cut to where it lies, and
    /// an element that cannot tell (everywhere) changed all it covers, not
    /// the whole output.
    func testWhatAnElementChangedNeverLiesOutsideIt() {
        let spilling = DrawnElement(id: ObjectIdentifier(a), version: 2, rect: rect(20, 20), look: "plain",
                                    changedSince: { _ in OutputDamage([PixelRect(x: 25, y: 0, width: 100, height: 22)]) })
        XCTAssertEqual(spilling.changes(since: 1).rects, [PixelRect(x: 25, y: 20, width: 5, height: 2)])
        let unknowing = DrawnElement(id: ObjectIdentifier(b), version: 2, rect: rect(20, 20), look: "plain",
                                     changedSince: { _ in .everywhere })
        XCTAssertEqual(unknowing.changes(since: 1).rects, [rect(20, 20)])
        let older = DrawnElement(id: ObjectIdentifier(b), version: 1, rect: rect(20, 20), look: "plain", changedSince: { _ in .everywhere })
        XCTAssertEqual(DrawnElement.difference(from: [older], to: [unknowing]).rects, [rect(20, 20)])
    }

    func testAMovedElementDiffersWhereItWasAndWhereItIs() {
        XCTAssertEqual(difference([element(a, at: 0, 0), element(b, at: 50, 50)], [element(a, at: 20, 0), element(b, at: 50, 50)]),
                       [rect(0, 0), rect(20, 0)])
    }

    func testElementsThatCameOrWentDifferWhereTheyLie() {
        XCTAssertEqual(difference([element(a, at: 0, 0)], [element(b, at: 50, 50)]), [rect(0, 0), rect(50, 50)])
    }

    func testAnElementDrawnOtherwiseDiffersAllOver() {
        XCTAssertEqual(difference([element(a, at: 0, 0)], [element(a, version: 2, at: 0, 0, look: "turned")]), [rect(0, 0)])
    }

    func testElementsThatChangedPlacesInTheStackDifferAllOver() {
        XCTAssertEqual(difference([element(a, at: 0, 0), element(b, at: 50, 50)], [element(b, at: 50, 50), element(a, at: 0, 0)]),
                       [rect(0, 0), rect(50, 50)])
    }

    func testABufferTwoFramesOldIsComparedWithTheFrameItHolds() {
        var tracker = DamageTracker()
        _ = tracker.frame(of: [element(a, at: 0, 0)], pending: .none, bufferAge: 0)
        let second = tracker.frame(of: [element(a, at: 100, 0)], pending: .none, bufferAge: 1)
        XCTAssertEqual(Set(second.redraw.rects ?? []), [rect(0, 0), rect(100, 0)])
        let third = tracker.frame(of: [element(a, at: 200, 0)], pending: .none, bufferAge: 2)
        XCTAssertEqual(Set(third.redraw.rects ?? []), [rect(0, 0), rect(200, 0)], "where it was in the buffer's frame, not in the one between")
        XCTAssertEqual(Set(third.changed.rects ?? []), [rect(100, 0), rect(200, 0)], "what it changed of the last frame")
    }

    func testWhatChangedBesidesTheElementsSinceTheBuffersFrameIsDrawnToo() {
        var tracker = DamageTracker()
        let background = PixelRect(x: 300, y: 0, width: 5, height: 5)
        _ = tracker.frame(of: [element(a, at: 0, 0)], pending: .none, bufferAge: 0)
        _ = tracker.frame(of: [element(a, at: 0, 0)], pending: OutputDamage([background]), bufferAge: 1)
        let third = tracker.frame(of: [element(a, version: 2, at: 0, 0)], pending: .none, bufferAge: 2)
        XCTAssertEqual(Set(third.redraw.rects ?? []), [PixelRect(x: 0, y: 0, width: 2, height: 2), background])
    }

    func testAFrameDrawnWholeBetweenIsNoElementsToCompareWith() {
        var tracker = DamageTracker()
        _ = tracker.frame(of: [element(a, at: 0, 0)], pending: .none, bufferAge: 0)
        let corner = PixelRect(x: 300, y: 0, width: 5, height: 5)
        tracker.frameDrawnWhole(pending: OutputDamage([corner]))
        let back = tracker.frame(of: [element(a, at: 0, 0)], pending: .none, bufferAge: 1)
        XCTAssertEqual(back.redraw, .everywhere, "the buffer holds the frame drawn whole")
        XCTAssertEqual(back.changed, .everywhere)
        XCTAssertEqual(tracker.frame(of: [element(a, at: 0, 0)], pending: .none, bufferAge: 3).redraw, OutputDamage([corner]),
                       "a buffer from before the frame drawn whole holds these elements as they are; what changed besides is drawn")
    }
}
