import Foundation
@testable import SegueShell
import XCTest

/// `[startup] run`: programs the compositor starts once, as it starts, as
/// clients it knows; one that cannot start is reported, and the rest run.
final class StartupProgramTests: XCTestCase {
    func testStartupProgramsRunOnceAsTheCompositorStarts() throws {
        _ = try installedProgram("weston-simple-shm")
        let server = try InProcessCompositor(placement: .stacked, config: """
            [startup]
            run = ["segue-test-no-such-program", ["weston-simple-shm"]]
            """)
        defer { server.stop() }
        XCTAssertTrue(server.serve(timeout: .seconds(10)) { server.windowCount == 1 }, "weston-simple-shm mapped")
        XCTAssertEqual(server.compositor.stack.windows.first?.appID, "org.freedesktop.weston.simple-shm")
        // A reload starts nothing more.
        try server.compositor.perform(.reload)
        _ = server.serve(timeout: .milliseconds(500)) { false }
        XCTAssertEqual(server.windowCount, 1)
    }
}

/// A program Segue starts finds it in SEGUE_SOCKET, so `segue msg` run by it
/// talks to this Segue whatever WAYLAND_DISPLAY says.
final class SpawnedEnvironmentTests: XCTestCase {
    func testStartupProgramsHearSegueSocket() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("segue-env-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let said = folder.appendingPathComponent("said").path
        let config = folder.appendingPathComponent("config.toml")
        try "[startup]\nrun = [[\"sh\", \"-c\", \"echo \\\"$SEGUE_SOCKET\\\" > \(said)\"]]\n".write(to: config, atomically: true, encoding: .utf8)
        let compositor = try CompositorUnderTest(arguments: ["--config", config.path])
        defer { compositor.stop() }
        XCTAssertTrue(compositor.waitUntil { (try? String(contentsOfFile: said, encoding: .utf8))?.hasSuffix("\n") == true })
        XCTAssertEqual(try String(contentsOfFile: said, encoding: .utf8),
                       compositor.runtime.appendingPathComponent("segue-\(compositor.socket).sock").path + "\n")
    }
}
