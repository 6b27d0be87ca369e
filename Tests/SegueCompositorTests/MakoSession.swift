import Foundation

/// mako as a test runs it: green notifications with no border that stay
/// until dismissed, in a D-Bus session of its own that then runs `commands`
/// (notify-send, makoctl). `end` stops mako, and with it the session: the
/// bus's own processes outlive a signal to the session.
final class MakoSession {
    private let session: Process
    private let pidFile: URL

    init(on compositor: CompositorUnderTest, folder: URL, then commands: String) throws {
        pidFile = folder.appendingPathComponent("mako.pid")
        let script = "\(try installedProgram("mako")) --background-color '#00ff00' --border-size 0 --default-timeout 0 & "
            + "echo $! > '\(pidFile.path)'; \(commands); wait"
        session = try compositor.launch(try installedProgram("dbus-run-session"), ["--", "/bin/sh", "-c", script])
    }

    func end() {
        if let pid = (try? String(contentsOf: pidFile, encoding: .utf8)).flatMap({ Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }) {
            kill(pid, SIGTERM)
        }
        session.waitUntilExit()
    }
}
