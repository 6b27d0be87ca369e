import SegueEngine
import XCTest

/// What a buffer of each age lacks: what changed since the frame it holds,
/// everything where a frame between showed another picture or it is older
/// than the tracker remembers.
final class DamageTrackerTests: XCTestCase {
    private let a = PixelRect(x: 0, y: 0, width: 8, height: 8), b = PixelRect(x: 100, y: 50, width: 4, height: 4),
                c = PixelRect(x: 30, y: 30, width: 2, height: 2)

    private func damage(_ rects: PixelRect...) -> Damage { .within(Region(rects)) }

    func testABufferLacksWhatChangedSinceTheFrameItHolds() {
        var tracker = DamageTracker<String>()
        XCTAssertEqual(tracker.frame(showing: "screen", pending: damage(a), bufferAge: 0).redraw, .everywhere, "a new buffer")
        XCTAssertEqual(tracker.frame(showing: "screen", pending: damage(b), bufferAge: 1).redraw, damage(b), "it holds the last frame")
        let third = tracker.frame(showing: "screen", pending: damage(c), bufferAge: 2)
        XCTAssertEqual(third.changed, damage(c))
        XCTAssertEqual(third.redraw.rects, [c, b], "and the frame before it")
        XCTAssertEqual(tracker.lastChanged, damage(c))
    }

    func testAnotherPictureBetweenChangesEverything() {
        var tracker = DamageTracker<String>()
        _ = tracker.frame(showing: "screen", pending: .everywhere, bufferAge: 0)
        _ = tracker.frame(showing: nil, pending: .none, bufferAge: 1)
        let back = tracker.frame(showing: "screen", pending: damage(a), bufferAge: 1)
        XCTAssertEqual(back.changed, .everywhere, "the last frame showed a transition")
        XCTAssertEqual(tracker.frame(showing: "screen", pending: damage(b), bufferAge: 3).redraw, .everywhere,
                       "a buffer from before the transition")
        XCTAssertEqual(tracker.frame(showing: "screen", pending: damage(c), bufferAge: 2).redraw.rects, [c, b])
    }

    func testOlderThanRememberedOrResetIsDrawnWhole() {
        var tracker = DamageTracker<Int>()
        for _ in 0..<6 { _ = tracker.frame(showing: 1, pending: damage(a), bufferAge: 1) }
        XCTAssertEqual(tracker.frame(showing: 1, pending: damage(a), bufferAge: DamageTracker<Int>.historyLength + 1).redraw, .everywhere)
        XCTAssertEqual(tracker.frame(showing: 1, pending: damage(a), bufferAge: DamageTracker<Int>.historyLength).redraw, damage(a))
        tracker.reset()
        XCTAssertEqual(tracker.lastChanged, .everywhere)
        let first = tracker.frame(showing: 1, pending: damage(a), bufferAge: 1)
        XCTAssertEqual(first.changed, .everywhere)
        XCTAssertEqual(first.redraw, .everywhere)
    }
}
