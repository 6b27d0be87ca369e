import SegueEngine
import XCTest

final class TimeSpanTests: XCTestCase {
    func testParsesMillisecondsSecondsAndBareNumbers() throws {
        XCTAssertEqual(try TimeSpan.parse("350ms"), 0.35)
        XCTAssertEqual(try TimeSpan.parse("1.2s"), 1.2)
        XCTAssertEqual(try TimeSpan.parse("2s"), 2)
        XCTAssertEqual(try TimeSpan.parse("0.5"), 0.5)
        XCTAssertEqual(try TimeSpan.parse(" 250 MS "), 0.25)
        XCTAssertEqual(try TimeSpan.parse("60s"), 60)
    }

    private func parseError(_ text: String) -> String? {
        do {
            _ = try TimeSpan.parse(text)
            return nil
        } catch {
            return error.message
        }
    }

    func testRejectsBadDurationsNamingTheProblem() throws {
        let cases: [(text: String, problem: String)] = [
            ("-1s", "is negative"),
            ("0", "is zero"),
            ("0ms", "is zero"),
            ("inf", "is not finite"),
            ("nan", "is not finite"),
            ("61s", "is longer than 60 s"),
            ("60001ms", "is longer than 60 s"),
            ("fast", "\"fast\" is not a number"),
            ("", "is not a number"),
            ("1.2m", "is not a number"),
            ("ms", "is not a number"),
        ]
        for (text, problem) in cases {
            let message = try XCTUnwrap(parseError(text), text)
            XCTAssertTrue(message.contains(problem), message)
            XCTAssertTrue(message.contains("such as 350ms, 1.2s or 0.5"), message)
        }
    }
}
