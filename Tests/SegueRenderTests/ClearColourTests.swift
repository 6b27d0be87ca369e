@testable import SegueRender
import XCTest

/// Every 8-bit channel value, given as a fraction of 255 the way the config
/// reads colours, lands on itself under both conversions GL allows.
final class ClearColourTests: XCTestCase {
    func testEveryByteSurvivesRoundingAndTruncation() {
        for byte in 0...255 {
            let given = ClearColour.channel(Float(Double(byte) / 255))
            XCTAssertEqual(Int((given * 255).rounded()), byte, "rounded")
            XCTAssertEqual(Int((given * 255).rounded(.down)), byte, "truncated")
        }
    }
}
