import SegueImaging
import SegueIPC
@testable import SegueShell
import XCTest

/// `segue msg windows` lists the windows front to back: the shown one first,
/// then the others by when they were last shown, not in opening order.
final class WindowListTests: XCTestCase {
    func testWindowsAreListedFrontToBack() throws {
        let server = try InProcessCompositor(placement: .stacked, width: 64, height: 36, stepped: true)
        defer { server.stop() }
        let client = try server.connect()
        try server.openWindows([RGBA(0, 0, 200), RGBA(0, 180, 0), RGBA(200, 0, 0)], of: client)
        func listed() throws -> [Double] {
            var reply: IPCReply?
            server.compositor.control.answer(.windows) { reply = $0 }
            guard case .array(let windows)? = try XCTUnwrap(reply).payload["windows"] else { return [] }
            return windows.compactMap { if case .object(let w) = $0, case .number(let id)? = w["id"] { id } else { nil } }
        }
        XCTAssertEqual(try listed(), [3, 2, 1], "opened 1, 2, 3: the newest is shown")
        try server.compositor.perform(.show(.window(id: 1)))
        _ = server.stepUntilIdle(sampling: 0, 0)
        XCTAssertEqual(try listed(), [1, 3, 2])
    }
}

/// `switch previous` goes back to the window shown before the shown one, and
/// again back: not the neighbour in opening order. A key can be bound to it.
final class SwitchPreviousTests: XCTestCase {
    func testPreviousGoesBackAndForthBetweenTheLastTwoShown() throws {
        let server = try InProcessCompositor(placement: .stacked, width: 64, height: 36, stepped: true, config: """
            [keys]
            switch-previous = "Super+Tab"
            """)
        defer { server.stop() }
        let client = try server.connect()
        try server.openWindows([RGBA(0, 0, 200), RGBA(0, 180, 0), RGBA(200, 0, 0)], of: client)
        try server.compositor.perform(.show(.window(id: 1)))
        _ = server.stepUntilIdle(sampling: 0, 0)
        try server.compositor.perform(.show(.previous))
        _ = server.stepUntilIdle(sampling: 0, 0)
        XCTAssertEqual(server.compositor.stack.shown?.id, 3, "back to the one shown before 1, not 1's neighbour 2")
        // Super+Tab, as bound: back to 1.
        server.inject(.key(time: 1, key: 125, pressed: true))
        server.inject(.key(time: 2, key: 15, pressed: true))
        server.inject(.key(time: 3, key: 15, pressed: false))
        server.inject(.key(time: 4, key: 125, pressed: false))
        _ = server.stepUntilIdle(sampling: 0, 0)
        XCTAssertEqual(server.compositor.stack.shown?.id, 1)
    }

    func testWithOneWindowThereIsNoPrevious() throws {
        let server = try InProcessCompositor(placement: .stacked, width: 64, height: 36, stepped: true)
        defer { server.stop() }
        let client = try server.connect()
        let toplevel = try client.makeConfiguredToplevel()
        try client.show(RGBAImage(width: 64, height: 36, fill: RGBA(0, 0, 200)), on: toplevel.surface)
        XCTAssertTrue(client.roundtrip())
        XCTAssertThrowsError(try server.compositor.perform(.show(.previous))) {
            XCTAssertEqual("\($0)", "no window was shown before this one")
        }
    }
}
