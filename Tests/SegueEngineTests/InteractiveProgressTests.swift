import SegueEngine
import XCTest

/// A transition driven by a hand, on times set by the test: progress follows the
/// input, release decides by position and speed, and the spring after it goes
/// on from the same progress and velocity.
final class InteractiveProgressTests: XCTestCase {
    private let start = Instant.seconds(10)
    private let frame = 1.0 / 60

    /// Input moving at `speed` progress per second from `from`, one sample a frame for `frames` frames.
    private func dragged(from: Double = 0, speed: Double, frames: Int) -> (InteractiveProgress, Instant) {
        let gesture = InteractiveProgress(progress: from, at: start)
        var time = start
        for index in 1...frames {
            time = start + Double(index) * frame
            gesture.update(from + speed * Double(index) * frame, at: time)
        }
        return (gesture, time)
    }

    func testProgressFollowsTheInputBothWaysWhileTracking() {
        let gesture = InteractiveProgress(at: start)
        gesture.update(0.4, at: start + 0.1)
        XCTAssertEqual(gesture.progress(at: start + 0.1), 0.4)
        gesture.update(0.25, at: start + 0.2)
        XCTAssertEqual(gesture.progress(at: start + 0.2), 0.25)
        XCTAssertTrue(gesture.isTracking)
    }

    func testBeyondEitherEndTheRubberBandGivesWayLessAndLessButNeverPastItsLimit() {
        let settings = InteractiveSettings()
        let gesture = InteractiveProgress(at: start)
        var shown: [Double] = []
        for (index, raw) in [1.0, 1.05, 1.2, 2, 50].enumerated() {
            gesture.update(raw, at: start + Double(index + 1) * frame)
            shown.append(gesture.progress(at: start + Double(index + 1) * frame))
        }
        XCTAssertEqual(shown[0], 1)
        XCTAssertEqual(shown, shown.sorted(), "still moves the same way")
        XCTAssertLessThan(shown[2] - shown[1], 0.15, "gives way less than the input")
        XCTAssertLessThan(shown[4], 1 + settings.rubberBand)
        gesture.update(-3, at: start + 1)
        XCTAssertLessThan(gesture.progress(at: start + 1), 0)
        XCTAssertGreaterThan(gesture.progress(at: start + 1), -settings.rubberBand)
    }

    func testVelocityIsEstimatedFromTheRecentInput() {
        let (gesture, time) = dragged(speed: 1.5, frames: 12)
        XCTAssertEqual(gesture.velocity(at: time), 1.5, accuracy: 1e-6)
        XCTAssertEqual(gesture.velocity(at: time + 0.5), 0, "a hand resting longer than the window is still")
    }

    func testAReleaseGoesTheWayItWasFlickedElseByWhereItIs() {
        let (slow, slowTime) = dragged(speed: 0.5, frames: 36)
        XCTAssertEqual(slow.progress(at: slowTime), 0.3, accuracy: 1e-9)
        XCTAssertFalse(slow.end(at: slowTime))
        let (rested, restedTime) = dragged(speed: 3, frames: 6)
        XCTAssertFalse(rested.end(at: restedTime + 0.2), "quick, but the hand rested before letting go")
        let (quick, quickTime) = dragged(speed: 3, frames: 6)
        XCTAssertEqual(quick.progress(at: quickTime), 0.3, accuracy: 1e-9)
        XCTAssertTrue(quick.end(at: quickTime))
        let (past, pastTime) = dragged(speed: 0.5, frames: 72)
        XCTAssertEqual(past.progress(at: pastTime), 0.6, accuracy: 1e-9)
        XCTAssertTrue(past.end(at: pastTime + 0.2), "past halfway completes however slow")
        let (back, backTime) = dragged(from: 0.8, speed: -3, frames: 4)
        XCTAssertEqual(back.progress(at: backTime), 0.6, accuracy: 1e-9)
        XCTAssertFalse(back.end(at: backTime), "past halfway, but flicked back: goes back")
    }

    func testProgressAndVelocityCarryOnWithoutAJumpAtRelease() {
        for (speed, frames) in [(3.0, 6), (0.5, 72), (-2.0, 10)] {
            let (gesture, time) = dragged(from: speed < 0 ? 0.8 : 0, speed: speed, frames: frames)
            let before = gesture.progress(at: time), velocity = gesture.velocity(at: time)
            gesture.end(at: time)
            XCTAssertEqual(gesture.progress(at: time), before, accuracy: 1e-9, "speed \(speed)")
            XCTAssertEqual(gesture.velocity(at: time), velocity, accuracy: 1e-3 * max(1, abs(velocity)), "speed \(speed)")
            let step = 1e-4
            let slope = (gesture.progress(at: time + step) - before) / step
            XCTAssertEqual(slope, velocity, accuracy: 0.02 * max(1, abs(velocity)), "speed \(speed): the first step moves as the hand did")
        }
    }

    func testTheSpringComesToRestOnItsTargetAndTheOutcomeIsSetOnce() {
        let (gesture, time) = dragged(speed: 3, frames: 6)
        XCTAssertTrue(gesture.end(at: time))
        var outcomes: [InteractiveProgress.Outcome] = []
        var frameTime = time
        for _ in 0..<120 {
            frameTime = frameTime + frame
            if let outcome = gesture.presented(at: frameTime) { outcomes.append(outcome) }
        }
        XCTAssertEqual(outcomes, [.finished])
        XCTAssertEqual(gesture.progress(at: frameTime), 1)
        XCTAssertEqual(gesture.velocity(at: frameTime), 0)

        let (cancelled, cancelTime) = dragged(speed: 0.2, frames: 6)
        XCTAssertFalse(cancelled.end(at: cancelTime + 0.3))
        XCTAssertEqual(cancelled.presented(at: cancelTime + 2), .cancelled)
        XCTAssertNil(cancelled.presented(at: cancelTime + 3), "reported once")
        XCTAssertEqual(cancelled.progress(at: cancelTime + 2), 0)
    }

    func testInputThatIsNotANumberOrComesEarlierIsIgnoredAndInfinityStaysInTheBand() {
        let gesture = InteractiveProgress(at: start)
        gesture.update(0.4, at: start + 0.1)
        gesture.update(.nan, at: start + 0.2)
        gesture.update(0.9, at: start + 0.05)
        XCTAssertEqual(gesture.progress(at: start + 0.3), 0.4)
        gesture.update(0.45, at: start + 0.1)
        XCTAssertEqual(gesture.progress(at: start + 0.3), 0.45, "one at the same time replaces it")
        gesture.update(.infinity, at: start + 0.3)
        XCTAssertEqual(gesture.progress(at: start + 0.3), 1 + InteractiveSettings().rubberBand)
        gesture.end(at: start + 0.4, velocity: .nan)
        gesture.update(0, at: start + 0.5)
        XCTAssertFalse(gesture.isTracking)
        XCTAssertTrue(gesture.progress(at: start + 0.5).isFinite)
    }

    func testTakingOverARunningTransitionKeepsItsProgressAndSpeed() {
        let gesture = InteractiveProgress(progress: 0.45, velocity: 2, at: start)
        XCTAssertEqual(gesture.progress(at: start), 0.45)
        XCTAssertEqual(gesture.velocity(at: start), 2, accuracy: 1e-9)
        XCTAssertTrue(gesture.end(at: start), "released at once, it goes on the way it was going")
    }
}
