/// Which window a `switch` request brings forward.
public enum SwitchTarget: Equatable, Sendable {
    /// The neighbours in opening order.
    case next
    case prev
    /// The window shown before the shown one, back and forth as Alt+Tab in most desktops.
    case previous
    case window(id: Int)
    /// The most recently shown other window whose app id, or title, matches
    /// the pattern (exact text or a glob, as config rules take them).
    case appID(String)
    case title(String)

    /// Parses what a person types: `next`, `prev`, `previous`, a window id,
    /// `app-id:PATTERN` or `title:PATTERN`.
    public init(parsing text: String) throws(IPCError) {
        switch text {
        case "next": self = .next
        case "prev": self = .prev
        case "previous": self = .previous
        default:
            for (prefix, make) in [("app-id:", SwitchTarget.appID), ("title:", SwitchTarget.title)] where text.hasPrefix(prefix) {
                let pattern = String(text.dropFirst(prefix.count))
                guard !pattern.isEmpty else { throw IPCError("switch target \"\(text)\" names no \(prefix.dropLast()) to match") }
                self = make(pattern)
                return
            }
            guard !text.isEmpty, text.allSatisfy(\.isASCII), text.allSatisfy(\.isNumber), let id = Int(text) else {
                throw IPCError("switch target must be \"next\", \"prev\", \"previous\", a window id, app-id:NAME or title:GLOB, got \"\(text)\"")
            }
            self = .window(id: id)
        }
    }

    var json: JSONValue {
        switch self {
        case .next: "next"
        case .prev: "prev"
        case .previous: "previous"
        case .window(let id): .number(Double(id))
        case .appID(let pattern): .string("app-id:" + pattern)
        case .title(let pattern): .string("title:" + pattern)
        }
    }
}
