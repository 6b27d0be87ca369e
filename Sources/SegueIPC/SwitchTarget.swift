/// Which window a `switch` request brings forward.
public enum SwitchTarget: Equatable, Sendable {
    case next
    case prev
    case window(id: Int)

    /// Parses what a person types: `next`, `prev` or a window id.
    public init(parsing text: String) throws(IPCError) {
        switch text {
        case "next": self = .next
        case "prev": self = .prev
        default:
            guard !text.isEmpty, text.allSatisfy(\.isASCII), text.allSatisfy(\.isNumber), let id = Int(text) else {
                throw IPCError("switch target must be \"next\", \"prev\" or a window id, got \"\(text)\"")
            }
            self = .window(id: id)
        }
    }

    var json: JSONValue {
        switch self {
        case .next: "next"
        case .prev: "prev"
        case .window(let id): .number(Double(id))
        }
    }
}
