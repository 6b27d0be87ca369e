import TOMLKit

/// A parsed TOML value as plain Swift data, so the reader does not touch
/// TOMLKit's pointers.
indirect enum TOMLNode {
    case table([String: TOMLNode])
    case array([TOMLNode])
    case string(String)
    case integer(Int)
    case float(Double)
    case bool(Bool)
    /// A date, time or date-time: valid TOML, but no Segue key takes one.
    case dateTime

    /// No Segue key is deeper than this; deeper tables are copied empty, which is
    /// safe because the reader reports the key above them and never looks inside.
    private static let maximumDepth = 16

    init(_ table: TOMLTable, depth: Int = 0) {
        var entries: [String: TOMLNode] = [:]
        if depth < Self.maximumDepth {
            for key in table.keys {
                // A key holding NUL comes back cut short and so finds nothing; skip it.
                if let value = table[key] { entries[key] = TOMLNode(value, depth: depth + 1) }
            }
        }
        self = .table(entries)
    }

    init(_ value: TOMLValueConvertible, depth: Int) {
        switch value.type {
        case .table: self = value.table.map { TOMLNode($0, depth: depth) } ?? .table([:])
        case .array:
            let items = depth < Self.maximumDepth ? value.array.map(Array.init) ?? [] : []
            self = .array(items.map { TOMLNode($0, depth: depth + 1) })
        case .string: self = .string(value.string ?? "")
        case .int: self = .integer(value.int ?? 0)
        case .double: self = .float(value.double ?? .nan)
        case .bool: self = .bool(value.bool ?? false)
        case .date, .time, .dateTime: self = .dateTime
        }
    }

    /// For "must be …, not …" messages.
    var kind: String {
        switch self {
        case .table: "a table"
        case .array: "an array"
        case .string: "a string"
        case .integer: "an integer"
        case .float: "a float"
        case .bool: "a boolean"
        case .dateTime: "a date or time"
        }
    }

    /// Integers and floats alike.
    var number: Double? {
        switch self {
        case .integer(let i): Double(i)
        case .float(let x): x
        default: nil
        }
    }
}
