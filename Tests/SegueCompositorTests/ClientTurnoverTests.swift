import Foundation
import SegueIPC
import XCTest

/// What the compositor keeps of clients that have come and gone (issue 12).
final class ClientTurnoverTests: XCTestCase {
    /// Each window's texture is a screen-sized block, freed when its client
    /// goes; the memory must go back to the system with it, not stay resident
    /// in the compositor's heap.
    func testClientsKilledAsTheyMapLeaveTheCompositorsMemoryWhereItWas() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("segue-turnover-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let config = folder.appendingPathComponent("config.toml")
        try "[transitions.open]\neffect = \"crossfade\"\nduration = \"30ms\"\n[transitions.close]\neffect = \"crossfade\"\nduration = \"30ms\"\n"
            .write(to: config, atomically: true, encoding: .utf8)
        let compositor = try CompositorUnderTest(size: "1280x720", arguments: ["--config", config.path])
        defer { compositor.stop() }
        try compositor.openOneAndTwo()
        func mapAndKill() throws {
            let doomed = try compositor.launch("segue-sample-client", ["--label", "DOOMED", "--color", "16a34a"])
            _ = try compositor.waitForWindows(3)
            kill(doomed.processIdentifier, SIGKILL)
            _ = try compositor.waitForWindows(2)
            // Measured once the close is played out and its last frame replaced.
            XCTAssertTrue(try compositor.waitUntilSettled())
        }
        // The first turnover warms up what stays: shader variants, the transition history.
        try mapAndKill()
        let before = try residentKiB(compositor.process.processIdentifier)
        for _ in 0..<8 { try mapAndKill() }
        let growth = try residentKiB(compositor.process.processIdentifier) - before
        let screenKiB = 1280 * 720 * 4 / 1024
        XCTAssertLessThan(growth, screenKiB, "RSS grew \(growth) KiB over 8 clients; one window's texture is \(screenKiB) KiB")
    }

    /// VmRSS from /proc.
    private func residentKiB(_ pid: pid_t) throws -> Int {
        let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
        let line = try XCTUnwrap(status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") })
        return try XCTUnwrap(Int(line.split(separator: " ", omittingEmptySubsequences: true)[1]))
    }
}
