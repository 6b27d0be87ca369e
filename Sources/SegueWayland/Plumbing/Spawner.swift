import CWaylandServer
import Foundation

/// Starts programs as Wayland clients over a socket pair, so the compositor
/// knows which wl_client each one is, and reaps them when they exit.
package final class Spawner {
    private let display: OpaquePointer
    /// Each child running, and what hears its exit status.
    private var children: [pid_t: ((pid_t, Int32) -> Void)?] = [:]
    private var sigchld: OpaquePointer?

    package init(display: OpaquePointer, loop: OpaquePointer) {
        self.display = display
        sigchld = wl_event_loop_add_signal(loop, SIGCHLD, { _, data in
            guard let data else { return 0 }
            Unmanaged<Spawner>.fromOpaque(data).takeUnretainedValue().reap()
            return 0
        }, Unmanaged.passUnretained(self).toOpaque())
    }

    deinit {
        if let sigchld { wl_event_source_remove(sigchld) }
    }

    /// Starts `argv` (argv[0] looked up in PATH) with WAYLAND_SOCKET set to its
    /// end of a new connection; the compositor's end is the returned client.
    /// `environment` is added to the compositor's own, less its
    /// WAYLAND_DISPLAY (a parent compositor's), which `environment` may name anew;
    /// the fds in `keeping` stay open in the child under their numbers (Xwayland's sockets).
    package func spawn(_ argv: [String], environment extra: [String: String] = [:], keeping: [Int32] = [],
                       onExit: ((pid_t, Int32) -> Void)? = nil) throws -> (client: OpaquePointer, pid: pid_t) {
        var ends: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &ends) == 0 else {
            throw ServerError("cannot make a socket pair: \(String(cString: strerror(errno)))")
        }
        let (ours, theirs) = (ends[0], ends[1])
        // The child's end stays open across exec; the compositor's never leaks.
        defer { close(theirs) }
        guard let client = wl_client_create(display, ours) else {
            close(ours)
            throw ServerError("cannot create a Wayland client: \(String(cString: strerror(errno)))")
        }
        _ = fcntl(theirs, F_SETFD, 0)
        var environment = ProcessInfo.processInfo.environment
        environment["WAYLAND_DISPLAY"] = nil
        environment.merge(extra) { $1 }
        environment["WAYLAND_SOCKET"] = String(theirs)
        do {
            let pid = try Self.start(argv, environment: environment, keeping: keeping)
            children[pid] = onExit
            return (client, pid)
        } catch {
            wl_client_destroy(client)
            throw error
        }
    }

    private static func start(_ argv: [String], environment: [String: String], keeping: [Int32]) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // Duplicated onto itself, an fd loses close-on-exec in the child alone (glibc 2.29 on).
        for fd in keeping { posix_spawn_file_actions_adddup2(&actions, fd, fd) }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // The compositor blocks the signals its loop reads through signalfd; the child must not inherit that.
        var none = sigset_t(), defaults = sigset_t()
        sigemptyset(&none)
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGPIPE)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let arguments = argv.map { strdup($0) } + [nil]
        let variables = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in arguments + variables { free(pointer) }
        }
        var pid: pid_t = 0
        let status = posix_spawnp(&pid, argv[0], &actions, &attributes, arguments, variables)
        guard status == 0 else {
            throw ServerError("cannot start \(argv[0]): \(String(cString: strerror(status)))")
        }
        return pid
    }

    /// Collects every spawned child that has exited; SIGCHLDs merge, so all are checked.
    private func reap() {
        for (pid, onExit) in children {
            var status: Int32 = 0
            guard waitpid(pid, &status, WNOHANG) == pid else { continue }
            children[pid] = nil
            // Killed by a signal: 128 + the signal, as shells say it.
            onExit?(pid, status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f))
        }
    }
}
