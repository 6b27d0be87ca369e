import SegueEngine
import XCTest

final class ManualClockTests: XCTestCase {
    func testStartsAtTheGivenInstantWithNoPresentations() {
        let clock = ManualClock(refreshRate: 120, start: .seconds(3))
        XCTAssertEqual(clock.lastPresentation, .seconds(3))
        XCTAssertEqual(clock.lastSequence, 0)
        XCTAssertEqual(clock.refreshInterval, 1.0 / 120)
    }

    func testPresentRecordsTheInstantAndCountsIt() {
        let clock = ManualClock()
        clock.present(at: Instant(nanoseconds: 42))
        clock.present(at: Instant(nanoseconds: 99))
        XCTAssertEqual(clock.lastPresentation, Instant(nanoseconds: 99))
        XCTAssertEqual(clock.lastSequence, 2)
    }

    func testPredictedNextPresentationIsOneIntervalLater() {
        let clock = ManualClock(refreshRate: 60, start: .seconds(1))
        XCTAssertEqual(clock.predictedNextPresentation(), Instant(nanoseconds: 1_016_666_667))
    }

    func testAdvanceFrameHasNoDriftAfterAThousandFramesAt60Hz() {
        let clock = ManualClock(refreshRate: 60)
        for frame in Int64(1)...1000 {
            let predicted = clock.predictedNextPresentation()
            clock.advanceFrame()
            // frame · 10⁹/60 ns rounded to nearest, in exact integer arithmetic.
            let exact = (frame * 1_000_000_000 + 30) / 60
            XCTAssertEqual(clock.lastPresentation.nanoseconds, exact, "frame \(frame)")
            XCTAssertLessThanOrEqual(abs(clock.lastPresentation.nanoseconds - predicted.nanoseconds), 1)
        }
        XCTAssertEqual(clock.lastPresentation.nanoseconds, 16_666_666_667)
        XCTAssertEqual(clock.lastSequence, 1000)
    }

    func testAdvanceFrameCountsFromTheLastExplicitPresentation() {
        let clock = ManualClock(refreshRate: 144)
        clock.advanceFrame()
        clock.present(at: .seconds(10))
        for _ in 0..<144 { clock.advanceFrame() }
        XCTAssertEqual(clock.lastPresentation, .seconds(11))
        XCTAssertEqual(clock.lastSequence, 146)
    }
}
