import CWaylandServer
import Foundation

/// Which clients may use Segue's privileged protocols: those Segue spawned
/// itself, those whose process runs a trusted executable (`--trust` or the
/// config). Never an app_id: every client picks its own.
final class ClientTrust {
    /// `--trust`'s paths, canonical so a symlinked or relative spelling still matches /proc's.
    private let executables: Set<String>
    /// Spawned clients, each forgotten when it goes so a later client at the same address is not trusted.
    private var spawned: [OpaquePointer: Listener] = [:]

    init(executables: [String]) {
        self.executables = Set(executables.map(Self.canonical))
    }

    func trust(spawned client: OpaquePointer) {
        let listener = Listener { [unowned self] _ in spawned[client] = nil }
        listener.subscribe(toDestructionOf: client)
        spawned[client] = listener
    }

    /// `configured` is the config's list of executables, read at each bind so a
    /// reload applies to the next one. Only what a client cannot choose counts:
    /// how it was started, and the executable the kernel says it runs.
    func trusts(_ client: OpaquePointer, configured: [String]) -> Bool {
        if spawned[client] != nil { return true }
        let paths = executables.union(configured.map(Self.canonical))
        guard !paths.isEmpty, let executable = Self.executable(of: client) else { return false }
        return paths.contains(executable)
    }

    private static func canonical(_ path: String) -> String {
        URL(fileURLWithPath: path).resolvingSymlinksInPath().path
    }

    /// The executable of the process at the other end of the client's socket
    /// (SO_PEERCRED), as the kernel names it.
    static func executable(of client: OpaquePointer) -> String? {
        var pid: pid_t = 0
        wl_client_get_credentials(client, &pid, nil, nil)
        guard pid > 0 else { return nil }
        return try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/exe")
    }
}
