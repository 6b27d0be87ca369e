import Foundation
@testable import SegueShell
import XCTest

/// The X11 display Segue holds for Xwayland: the first number whose lock it
/// can take, a dead process's lock taken over, a live one's passed by, and
/// only its own files removed when it closes. Under a folder of the test's
/// own, so no real X server's display is touched.
final class X11DisplayTests: XCTestCase {
    private var root: String!

    override func setUpWithError() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("segue-x11-\(UUID().uuidString.prefix(8))").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: root) }

    private func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: root + "/" + path) }

    /// A pid no process has: one that ran and was reaped.
    private func deadPid() throws -> pid_t {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/true")
        try process.run()
        process.waitUntilExit()
        return process.processIdentifier
    }

    func testTheFirstFreeDisplayIsLockedWithThisPidAndListensAtItsSocketFile() throws {
        let display = try X11Display.open(root: root)
        XCTAssertEqual(display.name, ":0")
        XCTAssertEqual(try String(contentsOfFile: root + "/.X0-lock", encoding: .utf8), String(format: "%10d\n", getpid()))
        XCTAssertTrue(exists(".X11-unix/X0"))
        let folder = try FileManager.default.attributesOfItem(atPath: root + "/.X11-unix")
        XCTAssertEqual((folder[.posixPermissions] as? NSNumber)?.intValue, 0o1777, "sticky and world-writable, as X servers make it")
        XCTAssertEqual(display.sockets.count, 2, "the socket file's and the abstract one")
        // A client reaches it through the file.
        let client = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(client) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let path = Array((root + "/.X11-unix/X0").utf8)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: path) }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(client, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        XCTAssertEqual(connected, 0)
        display.close()
        XCTAssertFalse(exists(".X0-lock"))
        XCTAssertFalse(exists(".X11-unix/X0"))
    }

    func testALiveProcesssLockIsPassedByAndADeadOnesIsTakenOver() throws {
        try String(format: "%10d\n", getppid()).write(toFile: root + "/.X0-lock", atomically: true, encoding: .utf8)
        try String(format: "%10d\n", try deadPid()).write(toFile: root + "/.X1-lock", atomically: true, encoding: .utf8)
        let display = try X11Display.open(root: root)
        XCTAssertEqual(display.name, ":1")
        XCTAssertEqual(try String(contentsOfFile: root + "/.X1-lock", encoding: .utf8), String(format: "%10d\n", getpid()))
        display.close()
        XCTAssertTrue(exists(".X0-lock"), "another's lock is not Segue's to remove")
        XCTAssertFalse(exists(".X1-lock"))
    }

    func testTwoDisplaysHeldAtOnceTakeTwoNumbers() throws {
        let first = try X11Display.open(root: root), second = try X11Display.open(root: root)
        XCTAssertEqual([first.name, second.name], [":0", ":1"])
        first.close()
        second.close()
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: root + "/.X11-unix"), [])
    }
}
