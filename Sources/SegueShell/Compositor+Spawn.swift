import SegueIPC

/// `segue msg spawn`: programs Segue starts itself are privileged clients (`Privileges`).
extension Compositor {
    func spawn(_ argv: [String], reply: (IPCReply) -> Void) {
        guard let spawner else { return reply(.failure("the compositor is stopping")) }
        do {
            let (client, pid) = try spawner.spawn(argv, environment: spawnedEnvironment)
            offered?.privileges.trust(spawned: client, pid: pid)
            log.info("spawned \(argv[0]) as pid \(pid)")
            reply(.success(["pid": .number(Double(pid))]))
        } catch {
            reply(.failure("\(error)"))
        }
    }

    /// What programs Segue starts find in their environment: SEGUE_SOCKET,
    /// so `segue msg` run by them (or their children) talks to this Segue;
    /// WAYLAND_DISPLAY, for the programs they start in turn (a terminal's);
    /// XDG_CURRENT_DESKTOP, by which xdg-desktop-portal picks its
    /// backends (Segue speaks wlroots' protocols, so the wlr portal serves
    /// it); and DISPLAY, X11 programs' display, where Segue holds one.
    private var spawnedEnvironment: [String: String] {
        var environment = ["XDG_CURRENT_DESKTOP": Self.desktopName]
        if let xwayland { environment["DISPLAY"] = xwayland.display.name }
        guard control.socket != nil else { return environment }
        return environment.merging(["SEGUE_SOCKET": ipcPath, "WAYLAND_DISPLAY": server.socketName]) { $1 }
    }

    /// What Segue is called in XDG_CURRENT_DESKTOP: itself, then the desktops whose portals fit it.
    static let desktopName = "Segue:wlroots"

    /// `[startup] run`: each program started once, as the compositor starts
    /// (a reload starts none), with its environment; each logged, and one that
    /// cannot start or exits with a failure reported, never retried.
    func startPrograms() {
        guard let spawner else { return }
        for argv in config.startup {
            let command = argv.joined(separator: " ")
            do {
                let (client, pid) = try spawner.spawn(argv, environment: spawnedEnvironment) { [weak self] pid, status in
                    guard status != 0 else { return }
                    self?.log.warning("startup program '\(command)' (pid \(pid)) exited with status \(status)")
                }
                offered?.privileges.trust(spawned: client, pid: pid)
                log.info("startup: started '\(command)' as pid \(pid)")
            } catch {
                log.warning("startup: \(error)")
            }
        }
    }
}
