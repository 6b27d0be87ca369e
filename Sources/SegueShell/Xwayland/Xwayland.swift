import Foundation
import Logging
import SegueLoop
import SegueWayland
import SegueX11

/// Xwayland, started on the first X11 connection to the display Segue holds
/// (as sway does): until then no X server runs. It is a client Segue starts
/// but does not trust: X programs reach no privileged protocol through it.
/// Once it says it is ready, Segue is its window manager (`X11WindowManager`)
/// and pairs each X window with the wl_surface that shows it: a managed one
/// mapped with a picture is a Segue window (`XwaylandToplevel`). When it
/// exits, its windows close, and the next connection starts it again.
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
    /// Managed X windows with their surfaces, as toplevels of Segue's windows.
    private(set) var toplevels: [UInt32: XwaylandToplevel] = [:]
    /// Who hears X windows map and unmap as toplevels.
    weak var toplevelDelegate: ToplevelDelegate?
    /// A toplevel's menus came, went or moved: what is drawn of it changed.
    var menusChanged: (XwaylandToplevel) -> Void = { _ in }
    /// Where the shell draws a toplevel's top left.
    var origin: (XwaylandToplevel) -> (x: Int, y: Int) = { _ in (0, 0) }
    private let loop: EventLoop
    private let spawner: Spawner
    private let privileges: Privileges?
    private let surfaceOf: (OpaquePointer, UInt32) -> Surface?
    private let log: Logger
    private var watches: [WatchedFile] = []
    private var readiness: (fd: Int32, watch: WatchedFile, said: [UInt8])?
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

    /// A surface of Xwayland's committed: an X window waiting for it is
    /// paired now, and one whose first picture this is maps.
    func surfaceCommitted(_ surface: Surface) {
        guard surface.client == client, let manager = windowManager else { return }
        for window in manager.windows.values where surfaces[window.id] == nil && window.surfaceID != nil { pair(window) }
        toplevel(showing: surface)?.map()
    }

    /// A surface of Xwayland's went: the window it showed closes (a new map brings a new surface).
    func surfaceDestroyed(_ surface: Surface) {
        guard surface.client == client, let (id, _) = surfaces.first(where: { $0.value === surface }) else { return }
        unpair(id, destroyed: false)
    }

    /// The toplevel a surface of Xwayland's shows: its own, or its program's menu's.
    func toplevel(showing surface: Surface) -> XwaylandToplevel? {
        guard surface.client == client else { return nil }
        if let own = toplevels.values.first(where: { $0.surface === surface }) { return own }
        guard let (id, _) = surfaces.first(where: { $0.value === surface }) else { return nil }
        return owner(ofMenu: id)
    }

    /// The mapped toplevel of the X client that made a menu, tooltip or drop-down.
    private func owner(ofMenu id: UInt32) -> XwaylandToplevel? {
        guard let manager = windowManager else { return nil }
        return toplevels.values.filter { manager.sameClient($0.window.id, id) && $0.mapped }.min { $0.window.id < $1.window.id }
    }

    /// The menus of `toplevel`'s program that are mapped with a surface, in the order they were made.
    private func menus(of toplevel: XwaylandToplevel) -> [(surface: Surface, x: Int, y: Int)] {
        guard let manager = windowManager, owner(ofMenu: toplevel.window.id) === toplevel else { return [] }
        return manager.windows.values.filter { $0.overrideRedirect && $0.mapped && manager.sameClient($0.id, toplevel.window.id) }
            .sorted { $0.id < $1.id }
            .compactMap { menu in
                surfaces[menu.id].map { ($0, menu.x - toplevel.window.x, menu.y - toplevel.window.y) }
            }
    }

    /// The shown window has the keyboard: X's focus follows where it is an X window, else X has none.
    func focus(_ toplevel: (any Toplevel)?) {
        windowManager?.focus((toplevel as? XwaylandToplevel).map(\.window.id))
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

    /// Xwayland writes its display number and a newline to the pipe once it
    /// serves, then closes it; then Segue connects as its window manager
    /// (before, xcb would wait on a server that waits on the compositor).
    /// The pipe stays open until Xwayland closes it: a write that finds no
    /// reader is fatal to it.
    private func awaitReadiness(_ fd: Int32, managerEnd: Int32) {
        guard let watch = loop.watch(fd: fd, events: .readable, { [weak self] _ in self?.readReadiness(managerEnd: managerEnd) }) else {
            close(fd); close(managerEnd)
            return
        }
        readiness = (fd, watch, [])
    }

    private func readReadiness(managerEnd: Int32) {
        guard let (fd, watch, heard) = readiness else { return }
        var said = heard
        var bytes = [UInt8](repeating: 0, count: 16)
        let count = read(fd, &bytes, bytes.count)
        let wasReady = said.contains(UInt8(ascii: "\n"))
        if count > 0 { said += bytes.prefix(count) }
        guard count <= 0 else {
            readiness = (fd, watch, said)
            if !wasReady && said.contains(UInt8(ascii: "\n")) { ready(managerEnd: managerEnd) }
            return
        }
        watch.remove()
        close(fd)
        readiness = nil
        // Closed before it said so: it died before it served; its exit says why.
        if !wasReady { close(managerEnd) }
    }

    private func ready(managerEnd: Int32) {
        do {
            let manager = try X11WindowManager(fd: managerEnd)
            manager.delegate = events
            windowManager = manager
            // Called with no events at each turn of the loop too: events xcb read while a request
            // waited for its reply sit in its queue, the socket quiet.
            managerWatch = loop.watch(fd: manager.fd, events: .readable) { [weak self] events in self?.dispatch(readable: !events.isEmpty) }
            managerWatch?.check()
            dispatch(readable: true)
        } catch {
            log.error("Xwayland on \(display.name): no window manager: \(error)")
        }
    }

    private func dispatch(readable: Bool) {
        guard let manager = windowManager else { return }
        do {
            try manager.dispatch(readable: readable)
        } catch {
            managerWatch?.remove()
            managerWatch = nil
            closeWindows()
            windowManager = nil
        }
    }

    fileprivate func pair(_ window: X11Window) {
        guard let client, let id = window.surfaceID, let manager = windowManager, let surface = surfaceOf(client, id) else { return }
        surfaces[window.id] = surface
        // Menus and tooltips place themselves and are no windows of Segue's: drawn over their program's window.
        guard !window.overrideRedirect else {
            if let owner = owner(ofMenu: window.id) { menusChanged(owner) }
            return
        }
        let toplevel = XwaylandToplevel(window: window, surface: surface, manager: manager, delegate: toplevelDelegate)
        toplevel.menus = { [weak self, unowned toplevel] in self?.menus(of: toplevel) ?? [] }
        toplevel.origin = { [weak self, unowned toplevel] in self?.origin(toplevel) ?? (0, 0) }
        toplevels[window.id] = toplevel
        toplevel.map()
    }

    fileprivate func changed(_ window: X11Window) {
        if window.overrideRedirect, let owner = owner(ofMenu: window.id) { menusChanged(owner) }
        if let toplevel = toplevels[window.id] {
            toplevel.update(window)
            if window.mapped { toplevel.map() } else { unpair(window.id, destroyed: false) }
        }
        if window.surfaceID != nil, surfaces[window.id] == nil { pair(window) }
    }

    fileprivate func unpair(_ window: UInt32, destroyed: Bool) {
        if surfaces[window] != nil, toplevels[window] == nil, let owner = owner(ofMenu: window) {
            surfaces[window] = nil
            return menusChanged(owner)
        }
        surfaces[window] = nil
        toplevels.removeValue(forKey: window)?.unmap(destroyed: destroyed)
    }

    private func exited(_ exited: pid_t, status: Int32) {
        guard exited == pid else { return }
        forgetRun()
        log.warning("Xwayland on \(display.name) (pid \(exited)) exited with status \(status); the next X11 client starts it again")
        if Date().timeIntervalSince(startedAt) < Self.shortestRun { retryLater() } else { listen() }
    }

    /// What one run of Xwayland had: its client, readiness, window manager and windows.
    private func forgetRun() {
        if let (fd, watch, _) = readiness {
            watch.remove()
            close(fd)
        }
        readiness = nil
        managerWatch?.remove()
        managerWatch = nil
        closeWindows()
        windowManager = nil
        pid = nil
        client = nil
    }

    /// Xwayland went: its windows close, with their pictures as they were.
    private func closeWindows() {
        for id in toplevels.keys.sorted() { unpair(id, destroyed: true) }
        surfaces = [:]
    }

    private func retryLater() {
        retry = loop.timer { [weak self] in self?.listen() }
        retry?.arm(milliseconds: Int32(Self.shortestRun * 1000))
    }
}

/// The window manager's delegate, held apart so it does not keep Xwayland alive.
private final class WindowEvents: X11WindowManagerDelegate {
    weak var owner: Xwayland?

    func x11WindowChanged(_ window: X11Window) { owner?.changed(window) }

    func x11WindowDestroyed(_ id: UInt32) { owner?.unpair(id, destroyed: true) }
}
