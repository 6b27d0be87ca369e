import SegueEngine
import XCTest

/// What a buffer of each age lacks: what changed since the frame it holds,
/// everything where it holds a frame drawn whole or is older than the
/// tracker remembers.
final class DamageTrackerTests: XCTestCase {
    private final class Content {}
    private let content = Content()
    private let a = PixelRect(x: 0, y: 0, width: 8, height: 8), b = PixelRect(x: 100, y: 50, width: 4, height: 4),
                c = PixelRect(x: 30, y: 30, width: 2, height: 2)

    /// One element that never changes: what changes is only what is pending besides it.
    private var screen: [DrawnElement] {
        [DrawnElement(id: ObjectIdentifier(content), version: 1, rect: PixelRect(x: 0, y: 0, width: 640, height: 360), look: "plain",
                      changedSince: { _ in .everywhere })]
    }

    private func damage(_ rects: PixelRect...) -> OutputDamage { OutputDamage(rects) }

    func testABufferLacksWhatChangedSinceTheFrameItHolds() {
        var tracker = DamageTracker()
        XCTAssertEqual(tracker.frame(of: screen, pending: damage(a), bufferAge: 0).redraw, .everywhere, "a new buffer")
        XCTAssertEqual(tracker.frame(of: screen, pending: damage(b), bufferAge: 1).redraw, damage(b), "it holds the last frame")
        let third = tracker.frame(of: screen, pending: damage(c), bufferAge: 2)
        XCTAssertEqual(third.changed, damage(c))
        XCTAssertEqual(third.redraw.rects, [c, b], "and the frame before it")
        XCTAssertEqual(tracker.lastChanged, damage(c))
    }

    /// A frame drawn whole (a transition's) has no elements to compare
    /// with: the frame after it, and a buffer holding it, change everything.
    func testAFrameDrawnWholeBetweenChangesEverything() {
        var tracker = DamageTracker()
        _ = tracker.frame(of: screen, pending: .everywhere, bufferAge: 0)
        tracker.frameDrawnWhole(pending: .none)
        XCTAssertEqual(tracker.lastChanged, .everywhere, "a frame drawn whole changed everything")
        let back = tracker.frame(of: screen, pending: damage(a), bufferAge: 1)
        XCTAssertEqual(back.changed, .everywhere, "the last frame was drawn whole")
        XCTAssertEqual(back.redraw, .everywhere, "the buffer holds the frame drawn whole")
        XCTAssertEqual(tracker.frame(of: screen, pending: damage(b), bufferAge: 2).redraw, .everywhere,
                       "a buffer holding the frame drawn whole, a frame later")
        XCTAssertEqual(tracker.frame(of: screen, pending: damage(c), bufferAge: 2).redraw.rects, [c, b],
                       "a buffer holding a frame of elements since")
    }

    func testOlderThanRememberedOrResetIsDrawnWhole() {
        var tracker = DamageTracker()
        for _ in 0..<6 { _ = tracker.frame(of: screen, pending: damage(a), bufferAge: 1) }
        XCTAssertEqual(tracker.frame(of: screen, pending: damage(a), bufferAge: DamageTracker.historyLength + 1).redraw, .everywhere)
        XCTAssertEqual(tracker.frame(of: screen, pending: damage(a), bufferAge: DamageTracker.historyLength).redraw, damage(a))
        tracker.reset()
        XCTAssertEqual(tracker.lastChanged, .everywhere)
        let first = tracker.frame(of: screen, pending: damage(a), bufferAge: 1)
        XCTAssertEqual(first.changed, .everywhere)
        XCTAssertEqual(first.redraw, .everywhere)
    }
}
