import SegueEngine
import XCTest

/// A transition's life on a hand-set frame clock: progress from presentation
/// times, completion exactly once after the last frame was presented.
final class TransitionTests: XCTestCase {
    private func settings(duration: Double = 0.1, curve: TimingCurve = .linear) throws -> EffectSettings {
        var registry = EffectRegistry()
        var s = EffectSettings(try registry.register(name: "test", glsl: "vec4 transition(vec2 uv) { return getToColor(uv); }"))
        s.duration = duration
        s.curve = curve
        return s
    }

    /// Plays `transition` on `clock` until it is done, presenting each frame at
    /// its predicted time plus `delay(frameIndex)`.
    private func play(_ transition: Transition<String>, on clock: ManualClock,
                      delay: (Int) -> Double = { _ in 0 }) -> [TransitionFrame] {
        var frames: [TransitionFrame] = []
        while !transition.isDone && frames.count < 1000 {
            let predicted = clock.predictedNextPresentation()
            frames.append(transition.frame(at: predicted))
            clock.present(at: predicted + delay(frames.count - 1))
            transition.presented(at: clock.lastPresentation, refreshInterval: clock.refreshInterval)
        }
        return frames
    }

    func testProgressFollowsPresentationTimesAndTheLastFrameIsExactlyOne() throws {
        let clock = ManualClock(refreshRate: 60)
        let transition = Transition(id: 1, from: "a", to: "b", settings: try settings(duration: 0.1))
        transition.start(at: clock.lastPresentation)
        let frames = play(transition, on: clock)
        XCTAssertEqual(frames.count, 6, "0.1 s at 60 Hz: frames at 1/60 ... 6/60")
        XCTAssertEqual(frames[0].progress, (1.0 / 60) / 0.1, accuracy: 1e-6)
        XCTAssertEqual(frames.last, TransitionFrame(progress: 1, isFinal: true))
        XCTAssertEqual(frames.filter(\.isFinal).count, 1)
        XCTAssertEqual(transition.state, .finished)
    }

    func testCompletionFiresExactlyOnceAfterTheFinalFrameIsPresented() throws {
        let clock = ManualClock(refreshRate: 60)
        var completions: [TransitionCompletion] = []
        let transition = Transition(id: 7, from: "a", to: "b", settings: try settings(duration: 0.05)) {
            completions.append($0)
        }
        transition.start(at: clock.lastPresentation)
        var drawn = 0
        while true {
            let frame = transition.frame(at: clock.predictedNextPresentation())
            drawn += 1
            XCTAssertTrue(completions.isEmpty, "nothing completes before a presentation")
            clock.advanceFrame()
            transition.presented(at: clock.lastPresentation, refreshInterval: clock.refreshInterval)
            if frame.isFinal { break }
            XCTAssertTrue(completions.isEmpty, "frame \(drawn) was not the last")
        }
        XCTAssertEqual(completions.count, 1)
        transition.cancel()
        transition.interrupt()
        transition.presented(at: clock.lastPresentation + 1, refreshInterval: clock.refreshInterval)
        XCTAssertEqual(completions.count, 1, "later calls do not complete it again")
        let c = try XCTUnwrap(completions.first)
        XCTAssertEqual(c.id, 7)
        XCTAssertEqual(c.outcome, .finished)
        XCTAssertEqual(c.effect, "test")
        XCTAssertEqual(c.statistics.frames, 3)
        XCTAssertEqual(c.statistics.firstPresentation, Instant(nanoseconds: 16_666_667))
        XCTAssertEqual(c.statistics.lastPresentation, Instant(nanoseconds: 50_000_000))
        XCTAssertEqual(c.statistics.lateFrames, 0)
    }

    func testFramesPresentedMoreThanHalfARefreshLateAreCounted() throws {
        let clock = ManualClock(refreshRate: 60)
        var completion: TransitionCompletion?
        let transition = Transition(id: 1, from: "a", to: "b", settings: try settings(duration: 0.1)) { completion = $0 }
        transition.start(at: clock.lastPresentation)
        // Frames 1 and 3 slip by a whole refresh; the rest are on time.
        _ = play(transition, on: clock) { $0 == 1 || $0 == 3 ? 1.0 / 60 : 0.001 }
        XCTAssertEqual(completion?.statistics.lateFrames, 2)
        XCTAssertEqual(completion?.statistics.missedRefreshes, 2, "each late frame left its refresh empty")
    }

    func testFramesOnTimeMissNoRefresh() throws {
        let clock = ManualClock(refreshRate: 60)
        var completion: TransitionCompletion?
        let transition = Transition(id: 1, from: "a", to: "b", settings: try settings(duration: 0.1)) { completion = $0 }
        transition.start(at: clock.lastPresentation)
        _ = play(transition, on: clock)
        XCTAssertEqual(completion?.statistics.missedRefreshes, 0)
    }

    /// A compositor that draws every third refresh presents each frame on
    /// time for its prediction, so none is late; the refreshes between are missed.
    func testRefreshesPassedWithoutAFrameAreCountedThoughNoFrameIsLate() throws {
        let interval = 1.0 / 60
        var completion: TransitionCompletion?
        let transition = Transition(id: 1, from: "a", to: "b", settings: try settings(duration: 0.2)) { completion = $0 }
        transition.start(at: .zero)
        var refresh = 1
        while !transition.isDone && refresh < 100 {
            let time = Instant.zero + Double(refresh) * interval
            _ = transition.frame(at: time)
            transition.presented(at: time, refreshInterval: interval)
            refresh += 3
        }
        let statistics = try XCTUnwrap(completion?.statistics)
        XCTAssertEqual(statistics.frames, 5, "refreshes 1, 4, 7, 10 and 13: 13/60 s passes 0.2 s")
        XCTAssertEqual(statistics.lateFrames, 0)
        XCTAssertEqual(statistics.missedRefreshes, 8, "two between each pair of frames")
    }

    /// A first frame drawn for the first refresh but shown three later leaves those three empty.
    func testAFirstFrameShownLateLeavesTheRefreshesBeforeItMissed() throws {
        let interval = 1.0 / 60
        var completion: TransitionCompletion?
        let transition = Transition(id: 1, from: "a", to: "b", settings: try settings(duration: 0.1)) { completion = $0 }
        transition.start(at: .zero)
        for (predicted, shown) in [(1, 4), (5, 5), (6, 6)] {
            _ = transition.frame(at: .zero + Double(predicted) * interval)
            transition.presented(at: .zero + Double(shown) * interval, refreshInterval: interval)
        }
        XCTAssertEqual(completion?.statistics.frames, 3)
        XCTAssertEqual(completion?.statistics.lateFrames, 1)
        XCTAssertEqual(completion?.statistics.missedRefreshes, 3, "refreshes 1, 2 and 3")
    }

    func testCancelCompletesOnceAsCancelled() throws {
        var outcomes: [TransitionState] = []
        let transition = Transition(id: 1, from: "a", to: "b", settings: try settings()) { outcomes.append($0.outcome) }
        _ = transition.frame(at: .seconds(1))
        transition.cancel()
        transition.cancel()
        XCTAssertEqual(outcomes, [.cancelled])
        XCTAssertEqual(transition.state, .cancelled)
    }

    func testAPendingTransitionStartsAtItsFirstFrame() throws {
        let transition = Transition(id: 1, from: "a", to: "b", settings: try settings(duration: 1))
        XCTAssertEqual(transition.state, .pending)
        XCTAssertEqual(transition.frame(at: .seconds(5)).progress, 0)
        XCTAssertEqual(transition.state, .running)
        XCTAssertEqual(transition.frame(at: .seconds(5.5)).progress, 0.5, accuracy: 1e-9)
    }

    func testASpringOvershootsBeforeSettlingExactlyOnOne() throws {
        let spring = Spring.settling(in: 0.5, dampingRatio: 0.5, initialVelocity: 0.8)
        let transition = Transition(id: 1, from: "a", to: "b", settings: try settings(duration: 0.5, curve: .spring(spring)))
        let clock = ManualClock(refreshRate: 120)
        transition.start(at: clock.lastPresentation)
        let progress = play(transition, on: clock).map(\.progress)
        XCTAssertGreaterThan(progress.max()!, 1.05)
        XCTAssertEqual(progress.last, 1)
    }

    func testAnInteractiveTransitionShowsTheHandsProgressAndEndsAsTheReleaseDecides() throws {
        for (speed, expected) in [(0.5, TransitionState.cancelled), (3.0, .finished)] {
            let clock = ManualClock(refreshRate: 60)
            let hand = InteractiveProgress(at: clock.lastPresentation)
            var completions: [TransitionCompletion] = []
            let transition = Transition(id: 1, from: "a", to: "b", settings: try settings(), interactive: hand) { completions.append($0) }
            transition.start(at: clock.lastPresentation)
            // Six refreshes of the hand moving, each frame showing where it is.
            for _ in 0..<6 {
                let predicted = clock.predictedNextPresentation()
                hand.update(hand.progress(at: predicted) + speed / 60, at: predicted)
                let frame = transition.frame(at: predicted)
                XCTAssertEqual(frame.progress, hand.progress(at: predicted))
                XCTAssertFalse(frame.isFinal)
                clock.present(at: predicted)
                transition.presented(at: predicted, refreshInterval: clock.refreshInterval)
            }
            hand.end(at: clock.lastPresentation)
            let frames = play(transition, on: clock)
            XCTAssertEqual(frames.last?.progress ?? -1, expected == .finished ? 1 : 0, accuracy: 1e-9, "speed \(speed)")
            XCTAssertEqual(transition.state, expected, "speed \(speed)")
            XCTAssertEqual(completions.map(\.outcome), [expected], "completed once, speed \(speed)")
        }
    }
}
