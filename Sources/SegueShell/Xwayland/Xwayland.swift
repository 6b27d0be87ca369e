import Foundation
import Logging
import SegueLoop
import SegueWayland
import SegueX11

/// Xwayland, started on the first X11 connection to the display Segue holds
/// (as sway does): until then no X server runs. It is a client Segue starts
/// but does not trust: X programs reach no privileged protocol through it.
/// Once it says it is ready, Segue is its window manager (`X11WindowManager`)
/// and pairs each X window with the wl_surface that shows it. When it
/// exits, the next connection starts it again.
final class Xwayland {
    let display: X11Display
    /// While it runs.
    private(set) var pid: pid_t?
    private(set) var client: OpaquePointer?
    /// How many times it has been started.
    private(set) var starts = 0
    /// Its window manager, once it is ready.
    private(set) var windowManager: X11WindowManager?
    /// Each X window's surface, once both are known.
    private(set) var surfaces: [UInt32: Surface] = [:]
    private let loop: EventLoop
    private let spawner: Spawner
    private let privileges: Privileges?
    private let surfaceOf: (OpaquePointer, UInt32) -> Surface?
    private let log: Logger
    private var watches: [WatchedFile] = []
    private var readiness: (fd: Int32, watch: WatchedFile)?
    private var managerWatch: WatchedFile?
    private var retry: LoopTimer?
    private var startedAt = Date()
    private let events = WindowEvents()

    /// A run shorter than this is a failure to start: the next waits a second, so a broken Xwayland does not spin.
    private static let shortestRun: TimeInterval = 1

    init(display: X11Display, loop: EventLoop, spawner: Spawner, privileges: Privileges?,
         surfaceOf: @escaping (OpaquePointer, UInt32) -> Surface?, log: Logger) {
        self.display = display
        self.loop = loop
        self.spawner = spawner
        self.privileges = privileges
        self.surfaceOf = surfaceOf
        self.log = log
        events.owner = self
        listen()
    }

    /// Stops Xwayland, if it runs, and gives the display up.
    func stop() {
        for watch in watches { watch.remove() }
        watches = []
        retry?.remove()
        retry = nil
        if let pid { kill(pid, SIGTERM) }
        forgetRun()
        display.close()
    }

    /// A surface of Xwayland's committed: an X window waiting for it is paired now.
    func surfaceCommitted(_ surface: Surface) {
        guard surface.client == client, let manager = windowManager else { return }
        for window in manager.windows.values where surfaces[window.id] == nil && window.surfaceID != nil { pair(window) }
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
        var manager: [Int32] = [-1, -1], ready: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &manager) == 0 else {
            log.error("Xwayland could not start: no socket pair for its window manager")
            return retryLater()
        }
        guard pipe(&ready) == 0, fcntl(ready[0], F_SETFD, FD_CLOEXEC) == 0, fcntl(ready[1], F_SETFD, FD_CLOEXEC) == 0 else {
            close(manager[0]); close(manager[1])
            log.error("Xwayland could not start: no pipe for its readiness")
            return retryLater()
        }
        // Theirs are the child's alone once it runs.
        defer { close(manager[1]); close(ready[1]) }
        // No reset when its last client leaves: a reset would connect to Wayland anew, and its socket is spent.
        let argv = ["Xwayland", display.name, "-rootless", "-noreset", "-wm", String(manager[1]), "-displayfd", String(ready[1])]
            + display.sockets.flatMap { ["-listenfd", String($0)] }
        do {
            let started = try spawner.spawn(argv, keeping: display.sockets + [manager[1], ready[1]]) { [weak self] pid, status in
                self?.exited(pid, status: status)
            }
            pid = started.pid
            client = started.client
            privileges?.distrust(spawned: started.client, pid: started.pid)
            starts += 1
            startedAt = Date()
            log.info("Xwayland started on \(display.name) for an X11 client (pid \(started.pid))")
            awaitReadiness(ready[0], managerEnd: manager[0])
        } catch {
            close(manager[0]); close(ready[0])
            log.error("Xwayland could not start on \(display.name): \(error)")
            retryLater()
        }
    }

    /// Xwayland writes its display number to the pipe once it serves; then
    /// Segue connects as its window manager (before, xcb would wait on a
    /// server that waits on the compositor).
    private func awaitReadiness(_ fd: Int32, managerEnd: Int32) {
        guard let watch = loop.watch(fd: fd, events: .readable, { [weak self] _ in self?.ready(managerEnd: managerEnd) }) else {
            close(fd); close(managerEnd)
            return
        }
        readiness = (fd, watch)
    }

    private func ready(managerEnd: Int32) {
        guard let (fd, watch) = readiness else { return }
        var bytes = [UInt8](repeating: 0, count: 16)
        let count = read(fd, &bytes, bytes.count)
        watch.remove()
        close(fd)
        readiness = nil
        // End of file: it died before it served; its exit says why.
        guard count > 0 else {
            close(managerEnd)
            return
        }
        do {
            let manager = try X11WindowManager(fd: managerEnd)
            manager.delegate = events
            windowManager = manager
            managerWatch = loop.watch(fd: manager.fd, events: .readable) { [weak self] _ in self?.dispatch() }
            dispatch()
        } catch {
            log.error("Xwayland on \(display.name): no window manager: \(error)")
        }
    }

    private func dispatch() {
        guard let manager = windowManager else { return }
        do {
            try manager.dispatch()
        } catch {
            managerWatch?.remove()
            managerWatch = nil
            windowManager = nil
            surfaces = [:]
        }
    }

    fileprivate func pair(_ window: X11Window) {
        guard let client, let id = window.surfaceID else { return }
        if let surface = surfaceOf(client, id) { surfaces[window.id] = surface }
    }

    fileprivate func forget(_ window: UInt32) { surfaces[window] = nil }

    private func exited(_ exited: pid_t, status: Int32) {
        guard exited == pid else { return }
        forgetRun()
        log.warning("Xwayland on \(display.name) (pid \(exited)) exited with status \(status); the next X11 client starts it again")
        if Date().timeIntervalSince(startedAt) < Self.shortestRun { retryLater() } else { listen() }
    }

    /// What one run of Xwayland had: its client, readiness, window manager and windows.
    private func forgetRun() {
        if let (fd, watch) = readiness {
            watch.remove()
            close(fd)
        }
        readiness = nil
        managerWatch?.remove()
        managerWatch = nil
        windowManager = nil
        surfaces = [:]
        pid = nil
        client = nil
    }

    private func retryLater() {
        retry = loop.timer { [weak self] in self?.listen() }
        retry?.arm(milliseconds: Int32(Self.shortestRun * 1000))
    }
}

/// The window manager's delegate, held apart so it does not keep Xwayland alive.
private final class WindowEvents: X11WindowManagerDelegate {
    weak var owner: Xwayland?

    func x11WindowChanged(_ window: X11Window) {
        if window.surfaceID != nil, owner?.surfaces[window.id] == nil { owner?.pair(window) }
    }

    func x11WindowDestroyed(_ id: UInt32) { owner?.forget(id) }
}
