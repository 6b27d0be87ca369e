import CWaylandServer
import Foundation
import SegueConfig

/// Which clients may use Segue's privileged protocols: those Segue spawned
/// itself, those whose process runs a trusted executable (`--trust` or the
/// config), and those with a toplevel of a trusted app_id.
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

    /// `configured` is the config's list, read at each bind so a reload applies to the next one;
    /// `appIDs` gives the app_ids of the client's mapped toplevels.
    func trusts(_ client: OpaquePointer, configured: [TrustedClient], appIDs: (OpaquePointer) -> [String]) -> Bool {
        if spawned[client] != nil { return true }
        var paths = executables, ids: Set<String> = []
        for entry in configured {
            switch entry {
            case .executable(let path): paths.insert(Self.canonical(path))
            case .appID(let id): ids.insert(id)
            }
        }
        if !ids.isEmpty, appIDs(client).contains(where: ids.contains) { return true }
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
