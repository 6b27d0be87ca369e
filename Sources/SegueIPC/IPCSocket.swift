import Glibc

/// Where the compositor's control socket lives: beside its Wayland socket,
/// named after it, so each compositor on a machine has its own.
public enum IPCSocket {
    public static func path(runtimeDirectory: String, waylandDisplay: String) -> String {
        "\(runtimeDirectory)/segue-\(waylandDisplay).sock"
    }

    /// The socket of the compositor this environment's clients talk to.
    public static func defaultPath(environment: [String: String]) throws(IPCError) -> String {
        guard let runtime = environment["XDG_RUNTIME_DIR"], !runtime.isEmpty else {
            throw IPCError("XDG_RUNTIME_DIR is not set, so there is no Segue socket to find; pass --socket PATH")
        }
        guard let display = environment["WAYLAND_DISPLAY"], !display.isEmpty else {
            throw IPCError("WAYLAND_DISPLAY is not set; run inside a Segue session or pass --socket PATH")
        }
        // WAYLAND_DISPLAY may be an absolute socket path; the name is its last part.
        let name = display.hasPrefix("/") ? String(display.split(separator: "/").last ?? "") : display
        return path(runtimeDirectory: runtime, waylandDisplay: name)
    }

    /// Calls `body` with a Unix socket address for `path`.
    public static func withAddress<Result>(
        of path: String, _ body: (UnsafePointer<sockaddr>, socklen_t) -> Result
    ) throws(IPCError) -> Result {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        guard !bytes.isEmpty, bytes.count < capacity else {
            throw IPCError("socket path must be 1 to \(capacity - 1) bytes long, got \(bytes.count): \(path)")
        }
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: bytes) }
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                body($0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
    }
}
