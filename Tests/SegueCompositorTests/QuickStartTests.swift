import Foundation
import SegueTestSupport
import XCTest

/// The README's quick start, as written, in a fresh runtime folder: each line
/// run in one shell at a person's pace, the installed `segue` on PATH.
final class QuickStartTests: XCTestCase {
    func testTheReadmesQuickStartRunsAsWritten() throws {
        let readme = try String(contentsOf: SourceTree.url("README.md"), encoding: .utf8)
        let section = try XCTUnwrap(readme.components(separatedBy: "## Quick start\n").dropFirst().first)
        let block = try XCTUnwrap(section.components(separatedBy: "```sh\n").dropFirst().first?.components(separatedBy: "```").first)
        // Installing is what PATH stands for here; the demo is CI's main job, run on its own.
        let lines = block.split(separator: "\n").map(String.init)
            .filter { !$0.hasPrefix("scripts/install") && !$0.hasPrefix("segue demo") }
        XCTAssertTrue(lines.contains { $0.hasPrefix("segue run") }, "\(lines)")
        XCTAssertFalse(lines.contains { $0.hasPrefix("scripts/") }, "after installing, the quick start uses segue itself: \(lines)")
        for client in ["weston-simple-shm", "foot"] { _ = try installedProgram(client) }

        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("segue-quick-\(UUID().uuidString.prefix(8))")
        let runtime = folder.appendingPathComponent("runtime")
        try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        defer { try? FileManager.default.removeItem(at: folder) }
        // A person waits for what a line started in the background before typing the next.
        let script = ["set -e", "trap 'kill $(jobs -p) 2>/dev/null; wait' EXIT"]
            + lines.flatMap { $0.hasSuffix("&") || $0.contains("& ") ? [$0, "sleep 3"] : [$0] }
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/bash")
        shell.arguments = ["-c", script.joined(separator: "\n")]
        shell.currentDirectoryURL = folder
        var environment = CompositorUnderTest.environment(runtime: runtime, display: nil)
        environment["PATH"] = CompositorUnderTest.buildFolder.path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        environment["WAYLAND_DISPLAY"] = nil
        environment["SEGUE_SOCKET"] = nil
        environment["HOME"] = folder.path
        shell.environment = environment
        let out = Pipe(), err = Pipe()
        shell.standardOutput = out
        shell.standardError = err
        try shell.run()
        let stdout = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        shell.waitUntilExit()
        XCTAssertEqual(shell.terminationStatus, 0, "stdout:\n\(stdout)\nstderr:\n\(stderr)")
        XCTAssertTrue(stdout.contains("WAYLAND_DISPLAY=wayland-segue"), stdout)
        XCTAssertTrue(stdout.contains("doom-melt finished"), stdout)
        XCTAssertTrue(stdout.contains(" closed; "), stdout)
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder.appendingPathComponent("shot.png").path))
    }
}
