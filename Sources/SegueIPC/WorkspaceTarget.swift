/// Which workspace a request names: a number, or the neighbour after or
/// before the shown one among the workspaces there are (round from the last
/// to the first, as sway's `workspace next` goes).
public enum WorkspaceTarget: Equatable, Sendable {
    case number(Int)
    case next
    case prev

    /// The numbers a workspace may have: sway's are any positive number; these stay within a C int.
    public static let numbers = 1...Int(Int32.max)

    /// Parses what a person types: a number, `next` or `prev`.
    public init(parsing text: String) throws(IPCError) {
        switch text {
        case "next": self = .next
        case "prev": self = .prev
        default:
            guard !text.isEmpty, text.allSatisfy({ $0.isASCII && $0.isNumber }), let number = Int(text), Self.numbers.contains(number) else {
                throw IPCError("workspace must be a number from 1 to \(Self.numbers.upperBound), \"next\" or \"prev\", got \"\(text)\"")
            }
            self = .number(number)
        }
    }

    var json: JSONValue {
        switch self {
        case .number(let number): .number(Double(number))
        case .next: "next"
        case .prev: "prev"
        }
    }
}
