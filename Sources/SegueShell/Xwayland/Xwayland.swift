import Foundation
import Logging
import SegueLoop
import SegueWayland

/// Xwayland, started on the first X11 connection to the display Segue holds
/// (as sway does): until then no X server runs. It is a client Segue starts
/// but does not trust: X programs reach no privileged protocol through it.
/// When it exits, the next connection starts it again.
final class Xwayland {
    let display: X11Display
    /// While it runs.
    private(set) var pid: pid_t?
    private(set) var client: OpaquePointer?
    /// How many times it has been started.
    private(set) var starts = 0
    private let loop: EventLoop
    private let spawner: Spawner
    private let privileges: Privileges?
    private let log: Logger
    private var watches: [WatchedFile] = []
    private var retry: LoopTimer?
    private var startedAt = Date()

    /// A run shorter than this is a failure to start: the next waits a second, so a broken Xwayland does not spin.
    private static let shortestRun: TimeInterval = 1

    init(display: X11Display, loop: EventLoop, spawner: Spawner, privileges: Privileges?, log: Logger) {
        self.display = display
        self.loop = loop
        self.spawner = spawner
        self.privileges = privileges
        self.log = log
        listen()
    }

    /// Stops Xwayland, if it runs, and gives the display up.
    func stop() {
        for watch in watches { watch.remove() }
        watches = []
        retry?.remove()
        retry = nil
        if let pid { kill(pid, SIGTERM) }
        pid = nil
        client = nil
        display.close()
    }

    /// Waits for a connection on either socket; Xwayland accepts it once started.
    private func listen() {
        watches = display.sockets.compactMap { fd in
            loop.watch(fd: fd, events: .readable) { [weak self] _ in self?.start() }
        }
    }

    private func start() {
        for watch in watches { watch.remove() }
        watches = []
        // No reset when its last client leaves: a reset would connect to Wayland anew, and its socket is spent.
        let argv = ["Xwayland", display.name, "-rootless", "-noreset"] + display.sockets.flatMap { ["-listenfd", String($0)] }
        do {
            let started = try spawner.spawn(argv, keeping: display.sockets) { [weak self] pid, status in self?.exited(pid, status: status) }
            pid = started.pid
            client = started.client
            privileges?.distrust(spawned: started.client, pid: started.pid)
            starts += 1
            startedAt = Date()
            log.info("Xwayland started on \(display.name) for an X11 client (pid \(started.pid))")
        } catch {
            log.error("Xwayland could not start on \(display.name): \(error)")
            retryLater()
        }
    }

    private func exited(_ exited: pid_t, status: Int32) {
        guard exited == pid else { return }
        pid = nil
        client = nil
        log.warning("Xwayland on \(display.name) (pid \(exited)) exited with status \(status); the next X11 client starts it again")
        if Date().timeIntervalSince(startedAt) < Self.shortestRun { retryLater() } else { listen() }
    }

    private func retryLater() {
        retry = loop.timer { [weak self] in self?.listen() }
        retry?.arm(milliseconds: Int32(Self.shortestRun * 1000))
    }
}
