/// One `[protocol] trusted` entry: a client Segue lets use its privileged
/// protocols, named by the program it runs or by a toplevel's app_id.
public enum TrustedClient: Hashable, Sendable, CustomStringConvertible {
    /// An absolute executable path, compared with the client's /proc/PID/exe.
    case executable(String)
    /// Matches once one of the client's toplevels has this app_id.
    case appID(String)

    static let appIDPrefix = "app-id:"

    /// Nil unless `text` is an absolute path or `app-id:` and a non-empty id.
    init?(parsing text: String) {
        if text.hasPrefix(Self.appIDPrefix) {
            let id = String(text.dropFirst(Self.appIDPrefix.count))
            guard !id.isEmpty else { return nil }
            self = .appID(id)
        } else if text.hasPrefix("/") {
            self = .executable(text)
        } else {
            return nil
        }
    }

    public var description: String {
        switch self {
        case .executable(let path): path
        case .appID(let id): Self.appIDPrefix + id
        }
    }
}
