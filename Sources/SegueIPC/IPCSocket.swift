import Glibc

/// Where the compositor's control socket lives: beside its Wayland socket,
/// named after it, so each compositor on a machine has its own.
public enum IPCSocket {
    public static func path(runtimeDirectory: String, waylandDisplay: String) -> String {
        "\(runtimeDirectory)/segue-\(waylandDisplay).sock"
    }

    /// The control socket `segue msg` talks to. `socket` (`--socket`) or else
    /// `SEGUE_SOCKET` names it as `segue run --socket` names its Wayland
    /// socket (`wayland-1`), or gives its path (anything with a `/`). Without
    /// either: the Segue at WAYLAND_DISPLAY, else the only Segue in
    /// XDG_RUNTIME_DIR; with several, or none, the message says what to pass.
    /// `exists` says whether a socket file is there (the file system, by default).
    public static func find(socket: String?, environment: [String: String],
                            exists: (String) -> Bool = { access($0, F_OK) == 0 },
                            listing: (String) -> [String] = { files(in: $0) }) throws(IPCError) -> String {
        let runtime = environment["XDG_RUNTIME_DIR"].flatMap { $0.isEmpty ? nil : $0 }
        if let named = socket ?? environment["SEGUE_SOCKET"].flatMap({ $0.isEmpty ? nil : $0 }) {
            if named.contains("/") { return named }
            guard let runtime else { throw IPCError("XDG_RUNTIME_DIR is not set, so the socket \(named) cannot be found; give its path") }
            return path(runtimeDirectory: runtime, waylandDisplay: named)
        }
        guard let runtime else {
            throw IPCError("XDG_RUNTIME_DIR is not set, so there is no Segue socket to find; pass --socket PATH")
        }
        let display = environment["WAYLAND_DISPLAY"].flatMap { $0.isEmpty ? nil : $0 }
        // WAYLAND_DISPLAY may be an absolute socket path; the name is its last part.
        let name = display.map { $0.hasPrefix("/") ? String($0.split(separator: "/").last ?? "") : $0 }
        if let name, exists(path(runtimeDirectory: runtime, waylandDisplay: name)) {
            return path(runtimeDirectory: runtime, waylandDisplay: name)
        }
        let running = listing(runtime).compactMap { file -> String? in
            guard file.hasPrefix("segue-"), file.hasSuffix(".sock") else { return nil }
            return String(file.dropFirst("segue-".count).dropLast(".sock".count))
        }.sorted()
        if running.count == 1, let only = running.first { return path(runtimeDirectory: runtime, waylandDisplay: only) }
        let here = name.map { "WAYLAND_DISPLAY=\($0) is not a Segue (inside a nested Segue's parent session, it names the parent); " } ?? ""
        if running.isEmpty { throw IPCError("\(here)no Segue is running in \(runtime)") }
        throw IPCError("\(here)several Segues are running: pass --socket " + running.joined(separator: ", or --socket "))
    }

    /// The names in a folder; none when it cannot be read.
    public static func files(in folder: String) -> [String] {
        guard let directory = opendir(folder) else { return [] }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            names.append(withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) })
        }
        return names
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
