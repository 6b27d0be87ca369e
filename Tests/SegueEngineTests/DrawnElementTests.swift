import SegueEngine
import XCTest

/// Where two frames of elements differ: what an element's pixels changed
/// between its versions where it stays put, all it covered where it moved,
/// came, went, was drawn otherwise or changed places in the stack; and the
/// tracker compares with the very frame a buffer holds.
final class DrawnElementTests: XCTestCase {
    private final class Content {}
    private let a = Content(), b = Content()

    private func element(_ content: Content, version: Int = 1, at x: Int, _ y: Int, look: String = "plain") -> DrawnElement {
        DrawnElement(id: ObjectIdentifier(content), version: version, rect: PixelRect(x: x, y: y, width: 10, height: 10), look: look)
    }

    private func rect(_ x: Int, _ y: Int) -> PixelRect { PixelRect(x: x, y: y, width: 10, height: 10) }

    /// What changed of an element since a version: a 2×2 square at its top left.
    private func topLeft(_ element: DrawnElement, _ since: Int) -> Damage {
        .within(Region([PixelRect(x: element.rect.x, y: element.rect.y, width: 2, height: 2)]))
    }

    private func difference(_ old: [DrawnElement], _ new: [DrawnElement]) -> Set<PixelRect> {
        Set(DrawnElement.difference(from: old, to: new, changed: topLeft).rects ?? [])
    }

    func testTheSameElementsInTheSameVersionsDifferNowhere() {
        XCTAssertEqual(DrawnElement.difference(from: [element(a, at: 0, 0)], to: [element(a, at: 0, 0)], changed: topLeft), .none)
    }

    func testANewVersionDiffersWhereItsPixelsChanged() {
        XCTAssertEqual(difference([element(a, at: 0, 0), element(b, at: 50, 50)], [element(a, version: 2, at: 0, 0), element(b, at: 50, 50)]),
                       [PixelRect(x: 0, y: 0, width: 2, height: 2)])
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
        var tracker = DamageTracker<Int>()
        _ = tracker.frame(of: [element(a, at: 0, 0)], pending: .none, bufferAge: 0, changedSince: topLeft)
        let second = tracker.frame(of: [element(a, at: 100, 0)], pending: .none, bufferAge: 1, changedSince: topLeft)
        XCTAssertEqual(Set(second.redraw.rects ?? []), [rect(0, 0), rect(100, 0)])
        let third = tracker.frame(of: [element(a, at: 200, 0)], pending: .none, bufferAge: 2, changedSince: topLeft)
        XCTAssertEqual(Set(third.redraw.rects ?? []), [rect(0, 0), rect(200, 0)], "where it was in the buffer's frame, not in the one between")
        XCTAssertEqual(Set(third.changed.rects ?? []), [rect(100, 0), rect(200, 0)], "what it changed of the last frame")
    }

    func testWhatChangedBesidesTheElementsSinceTheBuffersFrameIsDrawnToo() {
        var tracker = DamageTracker<Int>()
        let background = PixelRect(x: 300, y: 0, width: 5, height: 5)
        _ = tracker.frame(of: [element(a, at: 0, 0)], pending: .none, bufferAge: 0, changedSince: topLeft)
        _ = tracker.frame(of: [element(a, at: 0, 0)], pending: .within(Region([background])), bufferAge: 1, changedSince: topLeft)
        let third = tracker.frame(of: [element(a, version: 2, at: 0, 0)], pending: .none, bufferAge: 2, changedSince: topLeft)
        XCTAssertEqual(Set(third.redraw.rects ?? []), [PixelRect(x: 0, y: 0, width: 2, height: 2), background])
    }

    func testAFrameOfOnePictureBetweenIsNoElementsToCompareWith() {
        var tracker = DamageTracker<Int>()
        _ = tracker.frame(of: [element(a, at: 0, 0)], pending: .none, bufferAge: 0, changedSince: topLeft)
        let corner = PixelRect(x: 300, y: 0, width: 5, height: 5)
        _ = tracker.frame(showing: 1, pending: .within(Region([corner])), bufferAge: 1)
        let back = tracker.frame(of: [element(a, at: 0, 0)], pending: .none, bufferAge: 1, changedSince: topLeft)
        XCTAssertEqual(back.redraw, .everywhere, "the buffer holds the picture")
        XCTAssertEqual(back.changed, .everywhere)
        XCTAssertEqual(tracker.frame(of: [element(a, at: 0, 0)], pending: .none, bufferAge: 3, changedSince: topLeft).redraw,
                       .within(Region([corner])), "a buffer from before the picture holds these elements as they are; what changed besides is drawn")
    }
}
