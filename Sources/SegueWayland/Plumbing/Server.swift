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
    /// The socket's name in $XDG_RUNTIME_DIR, e.g. `wayland-1`.
    public let socketName: String
    public let runtimeDirectory: String

    /// Opens `socket` in $XDG_RUNTIME_DIR, or the first free `wayland-N`.
    public init(socket: String? = nil) throws {
        guard let runtime = ProcessInfo.processInfo.environment["XDG_RUNTIME_DIR"], !runtime.isEmpty else {
            throw ServerError("XDG_RUNTIME_DIR is not set; Wayland sockets live there (try XDG_RUNTIME_DIR=/run/user/$(id -u))")
        }
        var status = stat()
        guard stat(runtime, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR, access(runtime, W_OK | X_OK) == 0 else {
            throw ServerError("XDG_RUNTIME_DIR=\(runtime) is not a writable folder")
        }
        guard let display = wl_display_create() else { throw ServerError("cannot create a Wayland display") }
        let name: String
        if let socket {
            guard wl_display_add_socket(display, socket) == 0 else {
                wl_display_destroy(display)
                throw ServerError("cannot listen on \(runtime)/\(socket): \(String(cString: strerror(errno)))")
            }
            name = socket
        } else {
            guard let auto = wl_display_add_socket_auto(display) else {
                wl_display_destroy(display)
                throw ServerError("no free wayland-N socket in \(runtime)")
            }
            name = String(cString: auto)
        }
        guard wl_display_init_shm(display) == 0 else {
            wl_display_destroy(display)
            throw ServerError("cannot create the wl_shm global")
        }
        self.display = display
        self.loop = wl_display_get_event_loop(display)
        eventLoop = WaylandEventLoop(loop)
        self.socketName = name
        self.runtimeDirectory = runtime
    }

    /// Dispatches client requests and timers until `terminate()`.
    public func run() { wl_display_run(display) }

    public func terminate() { wl_display_terminate(display) }

    /// Disconnects every client, destroying their resources.
    package func disconnectClients() { wl_display_destroy_clients(display) }

    /// Frees the display; call once, last, after every global and event
    /// source made on it is gone.
    package func destroy() { wl_display_destroy(display) }
}

public struct ServerError: Error, CustomStringConvertible {
    public let description: String
    package init(_ description: String) { self.description = description }
}
