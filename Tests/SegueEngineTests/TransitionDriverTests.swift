import SegueEngine
import XCTest

/// Retargeting: a new transition while one runs starts from what is on screen,
/// and the old one completes as interrupted.
final class TransitionDriverTests: XCTestCase {
    private func settings() throws -> EffectSettings {
        var registry = EffectRegistry()
        var s = EffectSettings(try registry.register(name: "fade", glsl: "vec4 transition(vec2 uv) { return getToColor(uv); }"))
        s.duration = 0.1
        s.curve = .linear
        return s
    }

    func testRetargetingStartsFromASnapshotOfTheScreenAndInterruptsTheOldTransition() throws {
        let driver = TransitionDriver<String>()
        let clock = ManualClock(refreshRate: 60)
        var outcomes: [String: TransitionState] = [:]
        var snapshots = 0
        driver.start(from: "A", to: "B", settings: try settings(), direction: .forward, at: clock.lastPresentation,
                     snapshot: { snapshots += 1; return "screen" }) { outcomes["first"] = $0.outcome }
        XCTAssertEqual(snapshots, 0, "nothing was animating: the first starts from `from`")
        XCTAssertEqual(driver.current?.from, "A")
        // Two frames in, a switch to C arrives.
        for _ in 0..<2 {
            _ = driver.frame(at: clock.predictedNextPresentation())
            clock.advanceFrame()
            driver.presented(at: clock.lastPresentation, refreshInterval: clock.refreshInterval).deliver()
        }
        let second = driver.start(from: "B", to: "C", settings: try settings(), direction: .forward,
                                  at: clock.lastPresentation, snapshot: { snapshots += 1; return "screen" }) {
            outcomes["second"] = $0.outcome
        }
        XCTAssertEqual(snapshots, 1)
        XCTAssertEqual(second.from, "screen", "the new transition starts from what was on screen")
        XCTAssertEqual(outcomes["first"], .interrupted)
        XCTAssertNotEqual(second.id, 1)
        // The first frame of the new transition has moved only a little.
        let (t, frame) = try XCTUnwrap(driver.frame(at: clock.predictedNextPresentation()))
        XCTAssertTrue(t === second)
        XCTAssertLessThan(frame.progress, 0.2)
        while driver.isAnimating {
            clock.advanceFrame()
            driver.presented(at: clock.lastPresentation, refreshInterval: clock.refreshInterval).deliver()
            _ = driver.frame(at: clock.predictedNextPresentation())
        }
        XCTAssertEqual(outcomes["second"], .finished)
        XCTAssertNil(driver.current)
    }

    func testACompletionRunsOnlyAsItsFrameIsDeliveredAndMayStartTheNext() throws {
        let driver = TransitionDriver<String>()
        let clock = ManualClock(refreshRate: 60)
        let settings = try settings()
        var second: Transition<String>?
        driver.start(from: "A", to: "B", settings: settings, direction: .forward, at: clock.lastPresentation,
                     snapshot: { "screen" }) { _ in
            XCTAssertNil(driver.current, "the frame that ended it is accounted for")
            second = driver.start(from: "B", to: "A", settings: settings, direction: .reverse,
                                  at: clock.lastPresentation, snapshot: { "screen" })
        }
        var completions = FrameCompletions()
        while completions.isEmpty {
            _ = driver.frame(at: clock.predictedNextPresentation())
            clock.advanceFrame()
            completions = driver.presented(at: clock.lastPresentation, refreshInterval: clock.refreshInterval)
        }
        XCTAssertNil(second, "nothing runs from inside the presentation")
        XCTAssertFalse(driver.isAnimating)
        completions.deliver()
        XCTAssertTrue(driver.current === second)
        XCTAssertTrue(driver.isAnimating)
        completions.deliver()
        XCTAssertTrue(driver.current === second, "delivered once")
    }

    func testCancelEndsTheRunningTransition() throws {
        let driver = TransitionDriver<Int>()
        var outcome: TransitionState?
        driver.start(from: 1, to: 2, settings: try settings(), direction: .reverse, at: .zero, snapshot: { 0 }) {
            outcome = $0.outcome
        }
        XCTAssertTrue(driver.isAnimating)
        driver.cancel()
        XCTAssertEqual(outcome, .cancelled)
        XCTAssertFalse(driver.isAnimating)
        XCTAssertNil(driver.frame(at: .seconds(1)))
    }
}
