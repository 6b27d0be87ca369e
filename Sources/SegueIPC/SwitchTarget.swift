/// Which window a `switch` request brings forward.
public enum SwitchTarget: Equatable, Sendable {
    /// The neighbours in opening order.
    case next
    case prev
    /// The window shown before the shown one, back and forth as Alt+Tab in most desktops.
    case previous
    case window(id: Int)

    /// Parses what a person types: `next`, `prev`, `previous` or a window id.
    public init(parsing text: String) throws(IPCError) {
        switch text {
        case "next": self = .next
        case "prev": self = .prev
        case "previous": self = .previous
        default:
            guard !text.isEmpty, text.allSatisfy(\.isASCII), text.allSatisfy(\.isNumber), let id = Int(text) else {
                throw IPCError("switch target must be \"next\", \"prev\", \"previous\" or a window id, got \"\(text)\"")
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
        }
    }
}
