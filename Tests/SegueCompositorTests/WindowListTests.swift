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
        for fill in [RGBA(0, 0, 200), RGBA(0, 180, 0), RGBA(200, 0, 0)] {
            let toplevel = try client.makeConfiguredToplevel()
            try client.show(RGBAImage(width: 64, height: 36, fill: fill), on: toplevel.surface)
            XCTAssertTrue(client.roundtrip())
            _ = server.stepUntilIdle(sampling: 0, 0)
        }
        func listed() throws -> [Double] {
            var reply: IPCReply?
            server.compositor.handle(.windows) { reply = $0 }
            guard case .array(let windows)? = try XCTUnwrap(reply).payload["windows"] else { return [] }
            return windows.compactMap { if case .object(let w) = $0, case .number(let id)? = w["id"] { id } else { nil } }
        }
        XCTAssertEqual(try listed(), [3, 2, 1], "opened 1, 2, 3: the newest is shown")
        try server.compositor.perform(.show(.window(id: 1)))
        _ = server.stepUntilIdle(sampling: 0, 0)
        XCTAssertEqual(try listed(), [1, 3, 2])
    }
}
