import SegueEngine
@testable import SegueShell
import XCTest

/// The held switcher between frames: previews taken at their turn, the
/// overlay's frames counted as a transition's, all forgotten when let go.
final class SwitcherHoldTests: XCTestCase {
    private final class W {}
    private let refresh = 1.0 / 60

    func testAPreviewHasNewPixelsFromItsCommitUntilItsTurn() {
        var hold = SwitcherHold<W>()
        let a = W(), b = W()
        hold.committed(a)
        XCTAssertTrue(hold.hasNewPixels(a))
        XCTAssertFalse(hold.hasNewPixels(b))
        hold.took(turns: [a])
        XCTAssertFalse(hold.hasNewPixels(a), "its preview is as it is now")
        XCTAssertTrue(hold.turns.first === a, "it alone hears of this frame")
    }

    func testTheOverlaysFramesAreCountedAsPresented() {
        var hold = SwitcherHold<W>()
        for frame in 1...3 {
            hold.drew(appear: 1, for: .seconds(Double(frame) * refresh))
            hold.presented(at: .seconds(Double(frame) * refresh), refreshInterval: refresh)
        }
        // One drawn for the fourth refresh shows at the sixth: late, a refresh missed.
        hold.drew(appear: 1, for: .seconds(4 * refresh))
        hold.presented(at: .seconds(6 * refresh), refreshInterval: refresh)
        hold.presented(at: .seconds(7 * refresh), refreshInterval: refresh)
        let seen = hold.close()
        XCTAssertEqual(seen.frames, 4, "a presentation with no overlay frame drawn counts none")
        XCTAssertEqual(seen.lateFrames, 1)
        XCTAssertEqual(seen.missedRefreshes, 2)
    }

    func testLettingGoForgetsEverything() {
        var hold = SwitcherHold<W>()
        let a = W()
        hold.committed(a)
        hold.took(turns: [a])
        hold.committed(a)
        hold.drew(appear: 0.5, for: .zero)
        _ = hold.close()
        XCTAssertFalse(hold.hasNewPixels(a))
        XCTAssertTrue(hold.turns.isEmpty)
        XCTAssertEqual(hold.drawnAppear, 0)
        XCTAssertEqual(hold.close().frames, 0)
    }
}
