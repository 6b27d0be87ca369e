import SegueIPC
import XCTest

final class IPCSocketTests: XCTestCase {
    func testSocketSitsBesideTheWaylandSocketNamedAfterIt() throws {
        XCTAssertEqual(IPCSocket.path(runtimeDirectory: "/run/user/1000", waylandDisplay: "wayland-1"),
                       "/run/user/1000/segue-wayland-1.sock")
        XCTAssertEqual(try IPCSocket.defaultPath(environment: ["XDG_RUNTIME_DIR": "/run/user/5", "WAYLAND_DISPLAY": "wayland-2"]),
                       "/run/user/5/segue-wayland-2.sock")
    }

    func testAnAbsoluteWaylandDisplayContributesItsLastComponent() throws {
        XCTAssertEqual(try IPCSocket.defaultPath(environment: ["XDG_RUNTIME_DIR": "/run/user/5",
                                                               "WAYLAND_DISPLAY": "/tmp/nested/wayland-7"]),
                       "/run/user/5/segue-wayland-7.sock")
    }

    func testMissingEnvironmentIsNamed() {
        XCTAssertThrowsError(try IPCSocket.defaultPath(environment: ["WAYLAND_DISPLAY": "wayland-1"])) { error in
            XCTAssertEqual((error as? IPCError)?.message,
                           "XDG_RUNTIME_DIR is not set, so there is no Segue socket to find; pass --socket PATH")
        }
        XCTAssertThrowsError(try IPCSocket.defaultPath(environment: ["XDG_RUNTIME_DIR": "/run/user/5", "WAYLAND_DISPLAY": ""])) { error in
            XCTAssertEqual((error as? IPCError)?.message,
                           "WAYLAND_DISPLAY is not set; run inside a Segue session or pass --socket PATH")
        }
    }

    func testClientNamesASocketNobodyListensOn() {
        XCTAssertThrowsError(try IPCClient(path: "/nonexistent/segue.sock")) { error in
            XCTAssertEqual((error as? IPCError)?.message, "no Segue compositor listening at /nonexistent/segue.sock")
        }
        let long = "/tmp/" + String(repeating: "x", count: 200)
        XCTAssertThrowsError(try IPCClient(path: long)) { error in
            XCTAssertEqual((error as? IPCError)?.message, "socket path must be 1 to 107 bytes long, got 205: \(long)")
        }
    }
}
