import SegueEngine
import SeguePolicy
import XCTest

/// Layer surfaces' clocks: each starts a refresh before its first frame,
/// completes once when its frame at the end is presented, and one started
/// over a running one turns it from where it shows, that one interrupted.
final class SurfaceAnimationsTests: XCTestCase {
    private let refresh = 1.0 / 60

    private func frame(_ n: Int) -> Instant { .seconds(10 + Double(n) * refresh) }

    func testAnAnimationTakesDurationTimesRefreshFramesAndCompletesOnce() {
        var animations = SurfaceAnimations<W, SurfaceMotion, Int>()
        let launcher = W("launcher")
        XCTAssertNil(animations.start(launcher, motion: .popin, coming: true, duration: 0.1, curve: .linear))
        var shown: [Double] = [], ended: [SurfaceAnimations<W, SurfaceMotion, Int>.Completed] = []
        for n in 0..<10 where animations.isAnimating {
            animations.frame(at: frame(n), refreshInterval: refresh)
            shown.append(animations.animation(of: launcher)?.shown ?? -1)
            ended += animations.presented(at: frame(n))
        }
        XCTAssertEqual(shown.count, 6)
        XCTAssertEqual(shown.first ?? 0, 1.0 / 6, accuracy: 1e-6, "the first frame already moves")
        XCTAssertEqual(shown.last, 1, "the last lands on the end")
        XCTAssertEqual(ended.count, 1)
        XCTAssertEqual(ended.first?.frames, 6)
        XCTAssertEqual(ended.first?.interrupted, false)
        XCTAssertEqual(ended.first?.span ?? 0, 5 * refresh, accuracy: 1e-6)
        XCTAssertEqual(ended.first?.missedRefreshes, 0)
        XCTAssertEqual(animations.presented(at: frame(11)).count, 0, "once")
    }

    func testARefreshThatPresentedNoFrameOfItIsMissed() {
        var animations = SurfaceAnimations<W, SurfaceMotion, Int>()
        let note = W("note")
        _ = animations.start(note, motion: .slide, coming: true, duration: 0.05, curve: .linear)
        var ended: [SurfaceAnimations<W, SurfaceMotion, Int>.Completed] = []
        // Frames for refreshes 0 and 2 only: the one between went by.
        for n in [0, 2] {
            animations.frame(at: frame(n), refreshInterval: refresh)
            ended += animations.presented(at: frame(n))
        }
        XCTAssertEqual(ended.first?.frames, 2)
        XCTAssertEqual(ended.first?.missedRefreshes, 1)
    }

    func testAFrameNotPresentedYetCompletesNothing() {
        var animations = SurfaceAnimations<W, SurfaceMotion, Int>()
        let note = W("note")
        _ = animations.start(note, motion: .slide, coming: true, duration: 0, curve: .linear)
        XCTAssertEqual(animations.presented(at: frame(0)).count, 0, "nothing drawn of it yet")
        animations.frame(at: frame(1), refreshInterval: refresh)
        XCTAssertEqual(animations.presented(at: frame(1)).first?.frames, 1, "no duration: one frame at its end")
    }

    func testGoingWhileComingTurnsBackFromWhereItShowsAndInterruptsTheComing() {
        var animations = SurfaceAnimations<W, SurfaceMotion, Int>()
        let launcher = W("launcher")
        _ = animations.start(launcher, motion: .popin, coming: true, duration: 0.1, curve: .linear)
        for n in 0..<3 {
            animations.frame(at: frame(n), refreshInterval: refresh)
            _ = animations.presented(at: frame(n))
        }
        XCTAssertEqual(animations.animation(of: launcher)?.shown ?? 0, 0.5, accuracy: 1e-6)
        let interrupted = animations.start(launcher, motion: .popin, coming: false, duration: 0.1, curve: .linear, picture: 7)
        XCTAssertEqual(interrupted?.interrupted, true)
        XCTAssertEqual(interrupted?.frames, 3)
        XCTAssertEqual(animations.running.count, 1)
        XCTAssertEqual(animations.animation(of: launcher)?.picture, 7)
        animations.frame(at: frame(3), refreshInterval: refresh)
        XCTAssertEqual(animations.animation(of: launcher)?.shown ?? 0, 0.5 - 0.5 / 6, accuracy: 1e-6, "from half, not from whole")
        XCTAssertEqual(animations.stop(launcher)?.coming, false)
        XCTAssertFalse(animations.isAnimating)
    }

    func testSurfacesRunSideBySideEachOnItsOwnClock() {
        var animations = SurfaceAnimations<W, SurfaceMotion, Int>()
        let (launcher, note) = (W("launcher"), W("note"))
        _ = animations.start(launcher, motion: .popin, coming: true, duration: 0.05, curve: .linear)
        animations.frame(at: frame(0), refreshInterval: refresh)
        _ = animations.presented(at: frame(0))
        _ = animations.start(note, motion: .slide, coming: true, duration: 0.05, curve: .linear)
        var ended: [String] = []
        for n in 1..<6 {
            animations.frame(at: frame(n), refreshInterval: refresh)
            ended += animations.presented(at: frame(n)).map { "\($0.surface)@\(n)" }
        }
        XCTAssertEqual(ended, ["launcher@2", "note@3"], "three frames each, the note a frame later")
    }
}
