import SegueIPC
import XCTest

final class IPCSocketTests: XCTestCase {
    private let runtime = "/run/user/5"

    private func find(_ socket: String?, _ environment: [String: String], files: [String] = [],
                      exists: Set<String> = []) throws -> String {
        try IPCSocket.find(socket: socket, environment: environment.merging(["XDG_RUNTIME_DIR": runtime]) { old, _ in old },
                           exists: { exists.contains($0) }, listing: { _ in files })
    }

    func testSocketSitsBesideTheWaylandSocketNamedAfterIt() throws {
        XCTAssertEqual(IPCSocket.path(runtimeDirectory: "/run/user/1000", waylandDisplay: "wayland-1"),
                       "/run/user/1000/segue-wayland-1.sock")
        XCTAssertEqual(try find(nil, ["WAYLAND_DISPLAY": "wayland-2"], exists: ["/run/user/5/segue-wayland-2.sock"]),
                       "/run/user/5/segue-wayland-2.sock")
    }

    func testAnAbsoluteWaylandDisplayContributesItsLastComponent() throws {
        XCTAssertEqual(try find(nil, ["WAYLAND_DISPLAY": "/tmp/nested/wayland-7"], exists: ["/run/user/5/segue-wayland-7.sock"]),
                       "/run/user/5/segue-wayland-7.sock")
    }

    /// One meaning for --socket, as `segue run --socket` takes it, or a path; SEGUE_SOCKET the same.
    func testTheSocketIsNamedAsRunNamesItOrGivenAsAPath() throws {
        XCTAssertEqual(try find("wayland-3", [:]), "/run/user/5/segue-wayland-3.sock")
        XCTAssertEqual(try find("/tmp/my.sock", [:]), "/tmp/my.sock")
        XCTAssertEqual(try find(nil, ["SEGUE_SOCKET": "wayland-4", "WAYLAND_DISPLAY": "wayland-0"]), "/run/user/5/segue-wayland-4.sock")
        XCTAssertEqual(try find("wayland-3", ["SEGUE_SOCKET": "wayland-4"]), "/run/user/5/segue-wayland-3.sock", "--socket first")
    }

    /// In the desktop session Segue is nested in, WAYLAND_DISPLAY names the
    /// desktop: the one Segue running is found all the same.
    func testWithOneSegueRunningItIsFound() throws {
        XCTAssertEqual(try find(nil, ["WAYLAND_DISPLAY": "wayland-0"], files: ["wayland-0", "wayland-1", "segue-wayland-1.sock"]),
                       "/run/user/5/segue-wayland-1.sock")
        XCTAssertEqual(try find(nil, [:], files: ["segue-wayland-1.sock"]), "/run/user/5/segue-wayland-1.sock")
    }

    func testWithSeveralOrNoneTheMessageSaysWhatToPass() {
        XCTAssertThrowsError(try find(nil, ["WAYLAND_DISPLAY": "wayland-0"], files: ["segue-wayland-1.sock", "segue-wayland-2.sock"])) {
            XCTAssertEqual(($0 as? IPCError)?.message, "WAYLAND_DISPLAY=wayland-0 is not a Segue (inside a nested Segue's parent "
                           + "session, it names the parent); several Segues are running: pass --socket wayland-1, or --socket wayland-2")
        }
        XCTAssertThrowsError(try find(nil, [:], files: ["wayland-0"])) {
            XCTAssertEqual(($0 as? IPCError)?.message, "no Segue is running in /run/user/5")
        }
    }

    func testMissingEnvironmentIsNamed() {
        XCTAssertThrowsError(try IPCSocket.find(socket: nil, environment: ["WAYLAND_DISPLAY": "wayland-1"])) { error in
            XCTAssertEqual((error as? IPCError)?.message,
                           "XDG_RUNTIME_DIR is not set, so there is no Segue socket to find; pass --socket PATH")
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
