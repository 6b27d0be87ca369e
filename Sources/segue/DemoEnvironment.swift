import Foundation

/// What the demo needs from the machine, set up when missing.
enum DemoEnvironment {
    /// Wayland sockets live in $XDG_RUNTIME_DIR; without one, the demo makes a
    /// private folder so it runs with no setup.
    static func ensureRuntimeDirectory() throws {
        if let dir = ProcessInfo.processInfo.environment["XDG_RUNTIME_DIR"], access(dir, W_OK) == 0 { return }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("segue-runtime-\(getuid())").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        setenv("XDG_RUNTIME_DIR", dir, 1)
    }

    /// The sample client, built beside `segue`: beside the executable itself
    /// (/proc/self/exe), however it was started (by name from PATH, through a link).
    static var sampleClient: URL {
        let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        return URL(fileURLWithPath: executable).deletingLastPathComponent().appendingPathComponent("segue-sample-client")
    }
}
