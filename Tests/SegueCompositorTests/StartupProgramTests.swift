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
