import CWaylandServer
import Foundation
import SegueLoop

/// The Wayland display: its event loop, its listening socket and the shm
/// global libwayland implements (pools in client memory, with SIGBUS guarded).
public final class Server {
    public let display: OpaquePointer
    public let loop: OpaquePointer
    /// The loop as backends and the shell use it.
    public let eventLoop: EventLoop
    /// The socket's name in $XDG_RUNTIME_DIR, e.g. `wayland-1`; empty when not listening.
    public let socketName: String
    public let runtimeDirectory: String
    private var destroyed = false

    /// Opens `socket` in $XDG_RUNTIME_DIR, or the first free `wayland-N`;
    /// with `listening` false, opens none: clients come only through `connect()`.
    public init(socket: String? = nil, listening: Bool = true) throws {
        guard let display = wl_display_create() else { throw ServerError("cannot create a Wayland display") }
        do {
            (socketName, runtimeDirectory) = listening ? try Self.listen(display, on: socket) : ("", "")
        } catch {
            wl_display_destroy(display)
            throw error
        }
        guard wl_display_init_shm(display) == 0 else {
            wl_display_destroy(display)
            throw ServerError("cannot create the wl_shm global")
        }
        self.display = display
        self.loop = wl_display_get_event_loop(display)
        eventLoop = WaylandEventLoop(loop)
        // libwayland's own, at its interface's version.
        AdvertisedGlobal.add(AdvertisedGlobal(interface: segue_wl_shm_interface(), version: segue_wl_shm_interface().pointee.version),
                             on: display, by: ObjectIdentifier(self))
    }

    private static func listen(_ display: OpaquePointer, on socket: String?) throws -> (name: String, runtime: String) {
        guard let runtime = ProcessInfo.processInfo.environment["XDG_RUNTIME_DIR"], !runtime.isEmpty else {
            throw ServerError("XDG_RUNTIME_DIR is not set; Wayland sockets live there (try XDG_RUNTIME_DIR=/run/user/$(id -u))")
        }
        var status = stat()
        guard stat(runtime, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR, access(runtime, W_OK | X_OK) == 0 else {
            throw ServerError("XDG_RUNTIME_DIR=\(runtime) is not a writable folder")
        }
        if let socket {
            guard wl_display_add_socket(display, socket) == 0 else {
                throw ServerError("cannot listen on \(runtime)/\(socket): \(String(cString: strerror(errno)))")
            }
            return (socket, runtime)
        }
        guard let auto = wl_display_add_socket_auto(display) else { throw ServerError("no free wayland-N socket in \(runtime)") }
        return (String(cString: auto), runtime)
    }

    /// The clients connected now, in the order they came.
    package var clients: [OpaquePointer] {
        let list = wl_display_get_client_list(display)
        var clients: [OpaquePointer] = []
        var link = list?.pointee.next
        while let current = link, current != list {
            clients.append(wl_client_from_link(current))
            link = current.pointee.next
        }
        return clients
    }

    /// Serves a client on one end of a socket pair and returns the other end,
    /// the caller's to pass to `wl_display_connect_to_fd`; the client is
    /// returned too. Nil when the pair cannot be made.
    public func connect() -> (fd: Int32, client: OpaquePointer)? {
        var fds: [Int32] = [0, 0]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &fds) == 0 else { return nil }
        guard let client = wl_client_create(display, fds[0]) else {
            close(fds[0])
            close(fds[1])
            return nil
        }
        return (fds[1], client)
    }

    /// The wl_surface object `id` of `client`, if it is one.
    package func surface(of client: OpaquePointer, id: UInt32) -> Surface? {
        Resource.object(wl_client_get_object(client, id), as: Surface.self)
    }

    /// Dispatches client requests and timers until `terminate()`.
    public func run() { wl_display_run(display) }

    public func terminate() { wl_display_terminate(display) }

    /// One turn of the loop, waiting up to `milliseconds`, then a flush to clients.
    public func dispatch(milliseconds: Int32) {
        wl_event_loop_dispatch(loop, milliseconds)
        wl_display_flush_clients(display)
    }

    /// Disconnects every client, destroying their resources.
    /// Sends what clients have queued, then disconnects every one.
    package func disconnectClients() {
        wl_display_flush_clients(display)
        wl_display_destroy_clients(display)
    }

    /// Frees the display; call once, last, after every global and event
    /// source made on it is gone.
    package func destroy() {
        AdvertisedGlobal.removeAll(on: display)
        wl_display_destroy(display)
        destroyed = true
    }

    /// A server let go without `destroy` (a compositor whose start failed
    /// part-way) leaves no socket or lock file behind. The display itself is
    /// not freed: objects made on it may still be let go after this.
    deinit {
        AdvertisedGlobal.remove(by: ObjectIdentifier(self))
        if !destroyed && !socketName.isEmpty {
            let socket = runtimeDirectory + "/" + socketName
            unlink(socket)
            unlink(socket + ".lock")
        }
    }
}

public struct ServerError: Error, CustomStringConvertible {
    public let description: String
    package init(_ description: String) { self.description = description }
}
