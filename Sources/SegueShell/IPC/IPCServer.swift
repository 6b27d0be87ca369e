import Glibc
import SegueIPC
import SegueLoop

/// The compositor's control socket: accepts `segue msg` clients on the Wayland
/// event loop and passes their requests to `delegate`.
final class IPCServer {
    let path: String
    private weak var delegate: IPCDelegate?
    private let loop: EventLoop
    private var fd: Int32 = -1
    /// Whether the socket file is ours to remove; never another compositor's.
    private var ownsPath = false
    private var source: WatchedFile?
    private var connections: [ObjectIdentifier: IPCConnection] = [:]

    /// Listens at `path`, replacing a socket file left by a compositor that
    /// died, but refusing one that another compositor still listens on.
    init(loop: EventLoop, path: String, delegate: IPCDelegate) throws {
        self.path = path
        self.loop = loop
        self.delegate = delegate
        try Self.removeStaleSocket(at: path)
        fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue | SOCK_CLOEXEC.rawValue | SOCK_NONBLOCK.rawValue), 0)
        guard fd >= 0 else { throw IPCError("cannot create the control socket: \(errnoText())") }
        do {
            let bound = try IPCSocket.withAddress(of: path) { bind(fd, $0, $1) }
            guard bound == 0 else { throw IPCError("cannot create the control socket \(path): \(errnoText())") }
            ownsPath = true
            // Clients connect only once it listens, so no one gets in before the mode is set.
            guard chmod(path, 0o600) == 0 else { throw IPCError("cannot restrict \(path) to its owner: \(errnoText())") }
            guard listen(fd, SOMAXCONN) == 0 else { throw IPCError("cannot listen at \(path): \(errnoText())") }
            source = loop.watch(fd: fd, events: .readable) {
                [unowned self] _ in acceptConnections()
            }
            guard source != nil else { throw IPCError("cannot watch the control socket \(path)") }
        } catch {
            close()
            throw error
        }
    }

    deinit { close() }

    /// How many clients are connected.
    var connectionCount: Int { connections.count }

    /// Sends one event to every subscriber (`segue msg events`).
    func broadcast(_ event: [String: JSONValue]) {
        let subscribers = connections.values.filter(\.isSubscribed)
        guard !subscribers.isEmpty else { return }
        let line = JSONValue.object(event).encoded()
        for connection in subscribers { connection.push(event: line) }
    }

    /// Hangs up on every client, stops listening and removes the socket file.
    func close() {
        let open = connections.values
        connections = [:]
        for connection in open { connection.close() }
        source?.remove()
        source = nil
        if fd >= 0 {
            Glibc.close(fd)
            fd = -1
        }
        if ownsPath {
            unlink(path)
            ownsPath = false
        }
    }

    private static func removeStaleSocket(at path: String) throws {
        var status = stat()
        guard lstat(path, &status) == 0 else { return }
        guard status.st_mode & S_IFMT == S_IFSOCK else {
            throw IPCError("\(path) exists and is not a socket; remove it or use another WAYLAND_DISPLAY")
        }
        if (try? IPCClient(path: path)) != nil {
            throw IPCError("another Segue compositor is already listening at \(path)")
        }
        guard unlink(path) == 0 || errno == ENOENT else {
            throw IPCError("cannot remove the stale socket \(path): \(errnoText())")
        }
    }

    private func acceptConnections() {
        while true {
            let client = accept(fd, nil, nil)
            if client < 0 {
                if errno == EINTR || errno == ECONNABORTED { continue }
                return
            }
            // Glibc hides accept4; the loop's thread is the only one that
            // could exec, so setting the flags afterwards leaks nothing.
            _ = fcntl(client, F_SETFD, FD_CLOEXEC)
            _ = fcntl(client, F_SETFL, fcntl(client, F_GETFL) | O_NONBLOCK)
            let connection = IPCConnection(fd: client, loop: loop, delegate: delegate, onClose: { [weak self] connection in
                self?.connections[ObjectIdentifier(connection)] = nil
            })
            if let connection { connections[ObjectIdentifier(connection)] = connection }
        }
    }
}

private func errnoText() -> String { String(cString: strerror(errno)) }
