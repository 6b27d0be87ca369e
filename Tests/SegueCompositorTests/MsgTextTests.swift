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
        XCTAssertTrue(windows[0].hasPrefix("    id  workspace  app id"), windows[0])
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

    /// `switch app-id:NAME` and `title:GLOB` go to the most recently shown
    /// match; `windows` lists them most recent first, with when each was shown.
    func testSwitchToAnAppOrTitleGoesToItsMostRecentWindow() throws {
        let compositor = try CompositorUnderTest()
        defer { compositor.stop() }
        try compositor.launch("segue-sample-client", ["--label", "ONE", "--color", "2563eb", "--app-id", "org.example.one"])
        _ = try compositor.waitForWindows(1)
        try compositor.launch("segue-sample-client", ["--label", "TWO", "--color", "ea580c", "--app-id", "org.example.two"])
        _ = try compositor.waitForWindows(2)
        try compositor.launch("segue-sample-client", ["--label", "THREE", "--color", "16a34a", "--app-id", "org.example.two",
                                                      "--title", "THREE"])
        _ = try compositor.waitForWindows(3)
        XCTAssertTrue(compositor.waitUntil { (try? compositor.send(.windows).payload["animating"]) == .bool(false) })
        XCTAssertEqual(try compositor.msg(["switch", "app-id:org.example.two", "--wait"]).status, 0)
        XCTAssertEqual(try compositor.windows().first?["id"], .number(2), "TWO: the shown THREE matches too, but is shown")
        // Looked at for longer than the 750 ms debounce, TWO counts as shown.
        usleep(1_000_000)
        XCTAssertEqual(try compositor.msg(["switch", "title:ON*", "--wait"]).status, 0)
        let windows = try compositor.windows()
        XCTAssertEqual(windows.map { $0["id"] }, [.number(1), .number(2), .number(3)], "most recently shown first")
        let times = windows.compactMap { if case .number(let t)? = $0["last_shown"] { t } else { nil } }
        XCTAssertEqual(times, times.sorted(by: >), "\(times)")
        let refused = try compositor.msg(["switch", "app-id:org.example.none"])
        XCTAssertNotEqual(refused.status, 0)
        XCTAssertTrue(refused.stderr.contains("no window's app id matches \"org.example.none\""), refused.stderr)
    }

    /// `switch --duration` plays for that long; a hand's updates print
    /// nothing; `close --wait` answers once the window has gone and the
    /// transition back has finished.
    func testSwitchForADurationQuietGestureUpdatesAndCloseThatWaits() throws {
        let compositor = try CompositorUnderTest()
        defer { compositor.stop() }
        try compositor.openOneAndTwo()
        func msg(_ arguments: [String]) throws -> String {
            let result = try compositor.msg(arguments)
            XCTAssertEqual(result.status, 0, "\(arguments): \(result.stderr)")
            return result.stdout
        }
        let switched = try msg(["switch", "1", "--effect", "slide", "--duration", "300ms", "--wait", "--json"])
        XCTAssertTrue(switched.contains(#""duration_ms":300"#), switched)
        XCTAssertNotEqual(try compositor.msg(["switch", "2", "--duration", "2m"]).status, 0, "a duration without a known unit")

        XCTAssertEqual(try msg(["gesture", "begin", "2"]), "switching to window 2\n")
        XCTAssertEqual(try msg(["gesture", "update", "0.3"]), "", "quiet")
        XCTAssertEqual(try msg(["gesture", "update", "0.6"]), "")
        XCTAssertTrue(try msg(["gesture", "end"]).contains("finished"))

        let closed = try msg(["close", "--wait"])
        XCTAssertTrue(closed.hasPrefix("window 2 closed; "), closed)
        XCTAssertTrue(closed.contains(" finished: "), closed)
        let windows = try compositor.windows()
        XCTAssertEqual(windows.map { $0["id"] }, [.number(1)], "only ONE is left, and shown")
        XCTAssertEqual(try compositor.send(.windows).payload["animating"], .bool(false), "nothing plays when the reply comes")
    }
}
