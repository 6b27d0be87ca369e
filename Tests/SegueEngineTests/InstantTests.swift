import SegueEngine
import XCTest

final class InstantTests: XCTestCase {
    func testSecondsRoundToNearestNanosecond() {
        XCTAssertEqual(Instant.seconds(1.5).nanoseconds, 1_500_000_000)
        XCTAssertEqual(Instant.seconds(1.0 / 60).nanoseconds, 16_666_667)
        XCTAssertEqual(Instant.seconds(-0.25).nanoseconds, -250_000_000)
    }

    func testSecondsReadBack() {
        XCTAssertEqual(Instant(nanoseconds: 2_250_000_000).seconds, 2.25)
        XCTAssertEqual(Instant(nanoseconds: 3_000_000_000).seconds(since: Instant(nanoseconds: 500_000_000)), 2.5)
    }

    func testAddingSecondsMovesForward() {
        XCTAssertEqual((Instant.zero + 0.35).nanoseconds, 350_000_000)
        XCTAssertEqual((Instant(nanoseconds: 7) + 1e-9).nanoseconds, 8)
    }

    func testOrderFollowsNanoseconds() {
        XCTAssertLessThan(Instant(nanoseconds: -1), Instant.zero)
        XCTAssertLessThan(Instant.zero, Instant(nanoseconds: 1))
        XCTAssertEqual(Instant.seconds(1), Instant(nanoseconds: 1_000_000_000))
    }

    func testDescriptionShowsEveryNanosecond() {
        XCTAssertEqual(Instant(nanoseconds: 1_000_000_007).description, "1.000000007s")
        XCTAssertEqual(Instant(nanoseconds: -250_000_000).description, "-0.250000000s")
        XCTAssertEqual(Instant(nanoseconds: .min).description, "-9223372036.854775808s")
    }
}
