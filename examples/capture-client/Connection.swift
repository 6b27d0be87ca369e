import CWaylandClient
import Glibc
import SegueClientSupport

/// What ends the run with exit status 1: one line on stderr.
struct Failure: Error {
    let message: String
}

/// The connection to the compositor: the globals it offers, wl_shm and the first wl_output,
/// and event dispatch that gives up waiting after a timeout.
final class Connection {
    let display: OpaquePointer
    private let registry: OpaquePointer
    /// The first global of each interface: its registry name and version. Bound only when
    /// a capture needs it, since binding some (a toplevel list) makes the compositor send a lot.
    private var offered: [String: (name: UInt32, version: UInt32)] = [:]
    // Set before init returns; unset only while the registry, which needs self, lists the globals.
    private(set) var shm: OpaquePointer!
    private(set) var output: OpaquePointer!

    /// Connects to $WAYLAND_DISPLAY and binds wl_shm and the first wl_output.
    init() throws(Failure) {
        ConnectionProblem.keepLogMessages()
        guard let display = wl_display_connect(nil) else {
            throw Failure(message: "cannot connect to the Wayland display \(ConnectionProblem.displayName)")
        }
        self.display = display
        registry = wl_display_get_registry(display)
        wl_registry_add_listener(registry, registryListener, listenerData(self))
        try roundtrip()
        guard let shm = bindOffered("wl_shm", segue_client_wl_shm_interface(), version: 1),
              let output = bindOffered("wl_output", segue_client_wl_output_interface(), version: 1) else {
            throw Failure(message: "\(ConnectionProblem.displayName) offers no wl_shm or no wl_output")
        }
        self.shm = shm
        self.output = output
    }

    /// Binds one of the capture globals, which Segue offers to trusted programs only.
    func bind(_ interface: String, _ table: UnsafePointer<wl_interface>?, version: UInt32) throws(Failure) -> OpaquePointer {
        guard let proxy = bindOffered(interface, table, version: version) else {
            throw Failure(message: "\(ConnectionProblem.displayName) does not offer \(interface) version \(version) to this program"
                          + " (start the compositor with segue run --trust PATH-OF-THIS-PROGRAM)")
        }
        return proxy
    }

    private func bindOffered(_ interface: String, _ table: UnsafePointer<wl_interface>?, version: UInt32) -> OpaquePointer? {
        guard let global = offered[interface], global.version >= version else { return nil }
        return wl_registry_bind(registry, global.name, table, version).map(OpaquePointer.init)
    }

    func roundtrip() throws(Failure) {
        guard wl_display_roundtrip(display) >= 0 else { throw connectionFailure() }
    }

    /// Sends what is queued and dispatches what arrives within `timeout` milliseconds. A signal
    /// ends the wait early (poll fails with EINTR), so the caller can look at its flag.
    func dispatch(timeout: Int32) throws(Failure) {
        // Events already queued must be dispatched before this thread may read more.
        while wl_display_prepare_read(display) != 0 {
            guard wl_display_dispatch_pending(display) >= 0 else { throw connectionFailure() }
        }
        var events = Int16(POLLIN)
        if wl_display_flush(display) < 0 {
            guard errno == EAGAIN else {
                wl_display_cancel_read(display)
                throw connectionFailure()
            }
            // The socket is full: wait until it drains as well.
            events |= Int16(POLLOUT)
        }
        var socket = pollfd(fd: wl_display_get_fd(display), events: events, revents: 0)
        guard poll(&socket, 1, timeout) >= 0 else {
            wl_display_cancel_read(display)
            guard errno == EINTR else { throw connectionFailure() }
            return
        }
        if socket.revents & Int16(POLLIN | POLLERR | POLLHUP) != 0 {
            guard wl_display_read_events(display) >= 0 else { throw connectionFailure() }
        } else {
            wl_display_cancel_read(display)
        }
        guard wl_display_dispatch_pending(display) >= 0 else { throw connectionFailure() }
    }

    fileprivate func announced(name: UInt32, interface: String, version: UInt32) {
        if offered[interface] == nil { offered[interface] = (name, version) }
    }

    private func connectionFailure() -> Failure { Failure(message: ConnectionProblem.describe(display)) }
}

private nonisolated(unsafe) let registryListener = fixedListener(wl_registry_listener(
    global: { data, _, name, interface, version in
        (listenerObject(data) as Connection).announced(name: name, interface: String(cString: interface!), version: version)
    },
    // An output that goes away fails the frames of it or stops its session: that is where it shows.
    global_remove: { _, _, _ in }
))
