import CWaylandServer
import Foundation

/// Which clients may use Segue's privileged protocols: those whose process
/// runs one of the trusted executables.
struct ClientTrust {
    /// Canonical paths, so a symlinked or relative spelling still matches /proc's.
    private let executables: Set<String>

    init(executables: [String]) {
        self.executables = Set(executables.map { URL(fileURLWithPath: $0).resolvingSymlinksInPath().path })
    }

    func trusts(_ client: OpaquePointer) -> Bool {
        guard !executables.isEmpty, let executable = Self.executable(of: client) else { return false }
        return executables.contains(executable)
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
