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

    /// The sample client, built beside `segue`.
    static var sampleClient: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent().appendingPathComponent("segue-sample-client")
    }
}
