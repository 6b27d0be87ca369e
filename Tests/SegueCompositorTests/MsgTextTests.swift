import Foundation
import XCTest

/// `segue msg` against a real compositor, as a person reads it: aligned
/// columns, the shown window marked, front to back.
final class MsgTextTests: XCTestCase {
    func testWindowsAndTransitionsReadAsAlignedColumns() throws {
        let compositor = try CompositorUnderTest()
        defer { compositor.stop() }
        try compositor.openOneAndTwo()
        func msg(_ arguments: [String]) throws -> String {
            let result = try compositor.msg(arguments)
            XCTAssertEqual(result.status, 0, result.stderr)
            return result.stdout
        }
        let windows = try msg(["windows"]).split(separator: "\n").map(String.init)
        XCTAssertEqual(windows.count, 4, "\(windows)")
        XCTAssertTrue(windows[0].hasPrefix("    id  app id"), windows[0])
        XCTAssertTrue(windows[1].hasPrefix("*   2 "), "TWO, shown, first: \(windows[1])")
        XCTAssertTrue(windows[2].hasPrefix("    1 "), windows[2])
        XCTAssertEqual(windows[1].range(of: "TWO")?.lowerBound.utf16Offset(in: windows[1]),
                       windows[2].range(of: "ONE")?.lowerBound.utf16Offset(in: windows[2]), "titles in one column")
        let switched = try msg(["switch", "prev", "--effect", "crossfade", "--wait"])
        XCTAssertTrue(switched.hasPrefix("crossfade finished: "), switched)
        let transitions = try msg(["transitions"]).split(separator: "\n")
        XCTAssertTrue(transitions.first?.hasPrefix("id  event   effect") == true, "\(transitions)")
        XCTAssertTrue(transitions.last?.contains("crossfade") == true, "\(transitions)")
    }
}
