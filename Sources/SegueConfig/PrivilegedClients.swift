/// Which clients may use the protocols that read or drive other clients
/// (capture, data control, virtual keyboards, toplevel management,
/// segue-transition-v1) besides the programs Segue starts itself:
/// `[protocol] privileged`.
public enum PrivilegedClients: Equatable, Sendable {
    /// Those whose process runs one of these executables (absolute paths).
    case executables([String])
    /// Every client: the explicit opt-out, `privileged = "all"`.
    case all

    /// Privileged unless the config names its own list: the screen-cast
    /// portal, which asks the user what to share before it captures anything.
    public static let defaultExecutables = ["/usr/libexec/xdg-desktop-portal-wlr"]

    /// The executables named; none for `all`, which names none.
    public var executables: [String] {
        if case .executables(let paths) = self { return paths }
        return []
    }
}
