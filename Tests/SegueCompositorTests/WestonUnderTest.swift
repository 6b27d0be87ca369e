import Foundation
import SegueImaging
import XCTest

/// Debian's weston on its headless backend, in a private runtime folder: a real
/// parent compositor for a nested Segue. `--debug` exposes weston_screenshooter,
/// so a test sees what weston itself shows.
final class WestonUnderTest {
    let runtime: URL
    let socket = "weston-parent"
    private(set) var process = Process()

    /// An output of `width`×`height` pixels at `scale`.
    init(width: Int = 800, height: Int = 600, scale: Int = 1) throws {
        let weston = try installedProgram("weston")
        runtime = FileManager.default.temporaryDirectory.appendingPathComponent("segue-weston-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        // The GL renderer first, as a desktop has; pixman where llvmpipe cannot run it.
        for renderer in ["--use-gl", "--use-pixman"] {
            process = Process()
            process.executableURL = URL(fileURLWithPath: weston)
            process.arguments = ["--backend=headless-backend.so", renderer, "--socket=\(socket)", "--width=\(width)",
                                 "--height=\(height)", "--scale=\(scale)", "--idle-time=0", "--no-config", "--debug"]
            process.environment = CompositorUnderTest.environment(runtime: runtime, display: nil)
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            let deadline = Date().addingTimeInterval(10)
            while process.isRunning && !FileManager.default.fileExists(atPath: socketPath) && Date() < deadline {
                usleep(20_000)
            }
            if process.isRunning && FileManager.default.fileExists(atPath: socketPath) { return }
            stopProcess()
        }
        throw CompositorTestError("weston did not start on the headless backend")
    }

    var parent: CompositorUnderTest.Parent { (runtime, socket) }
    var socketPath: String { runtime.appendingPathComponent(socket).path }

    /// What weston's output shows now, through weston-screenshooter.
    func screenshot() throws -> RGBAImage {
        let folder = runtime.appendingPathComponent("shot-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let shooter = Process()
        shooter.executableURL = URL(fileURLWithPath: try installedProgram("weston-screenshooter"))
        shooter.currentDirectoryURL = folder
        shooter.environment = CompositorUnderTest.environment(runtime: runtime, display: socket)
        shooter.standardOutput = FileHandle.nullDevice
        shooter.standardError = FileHandle.nullDevice
        try shooter.run()
        shooter.waitUntilExit()
        guard let name = try FileManager.default.contentsOfDirectory(atPath: folder.path).first(where: { $0.hasSuffix(".png") }) else {
            throw CompositorTestError("weston-screenshooter wrote no PNG (status \(shooter.terminationStatus))")
        }
        return try PNG.read(path: folder.appendingPathComponent(name).path)
    }

    /// Takes screenshots until `condition` holds or `timeout` passes, and returns
    /// the last. Weston's first frames are plain red, until its shell has drawn the
    /// background (a second or more at scale 2), and a new frame may lag a client's.
    func screenshot(timeout: TimeInterval = 10, until condition: (RGBAImage) -> Bool) throws -> RGBAImage {
        let deadline = Date().addingTimeInterval(timeout)
        var shot = try screenshot()
        while !condition(shot) && Date() < deadline {
            usleep(100_000)
            shot = try screenshot()
        }
        return shot
    }

    /// Stops weston with `signal` (SIGTERM closes it as a person would; SIGKILL is a crash).
    func stop(signal: Int32 = SIGTERM) {
        if process.isRunning { kill(process.processIdentifier, signal) }
        process.waitUntilExit()
        try? FileManager.default.removeItem(at: runtime)
    }

    private func stopProcess() {
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
    }
}

extension RGBAImage {
    /// How many pixels are `colour`, give or take `tolerance` per channel.
    func count(of colour: RGBA, tolerance: Int = 2) -> Int {
        let wanted = [colour.r, colour.g, colour.b].map(Int.init)
        return pixels.withUnsafeBufferPointer { bytes in
            var count = 0
            for i in stride(from: 0, to: bytes.count, by: 4)
            where abs(Int(bytes[i]) - wanted[0]) <= tolerance && abs(Int(bytes[i + 1]) - wanted[1]) <= tolerance
                && abs(Int(bytes[i + 2]) - wanted[2]) <= tolerance {
                count += 1
            }
            return count
        }
    }
}
