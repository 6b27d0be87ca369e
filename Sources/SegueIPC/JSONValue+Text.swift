import Foundation

extension JSONValue {
    /// Parses one JSON text; nil when it is not JSON.
    init?(parsing text: String) {
        guard let value = try? JSONDecoder().decode(JSONValue.self, from: Data(text.utf8)) else { return nil }
        self = value
    }

    /// Compact JSON on one line with sorted keys, so equal values always read
    /// the same. Integral numbers print without a fraction (window ids stay
    /// `7`, not `7.0`); non-finite numbers, which JSON cannot carry, print as null.
    public func encoded() -> String {
        var text = ""
        write(to: &text)
        return text
    }

    private func write(to text: inout String) {
        switch self {
        case .null:
            text += "null"
        case .bool(let value):
            text += value ? "true" : "false"
        case .number(let value):
            if !value.isFinite {
                text += "null"
            } else if value == value.rounded(), abs(value) < 1e15 {
                text += String(Int64(value))
            } else {
                text += value.description
            }
        case .string(let value):
            Self.writeString(value, to: &text)
        case .array(let values):
            text += "["
            for (index, value) in values.enumerated() {
                if index > 0 { text += "," }
                value.write(to: &text)
            }
            text += "]"
        case .object(let fields):
            text += "{"
            for (index, field) in fields.sorted(by: { $0.key < $1.key }).enumerated() {
                if index > 0 { text += "," }
                Self.writeString(field.key, to: &text)
                text += ":"
                field.value.write(to: &text)
            }
            text += "}"
        }
    }

    /// Escapes quotes, backslashes and control characters; a newline inside a
    /// string must never end the line the protocol frames messages with.
    private static func writeString(_ value: String, to text: inout String) {
        text += "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default:
                text.unicodeScalars.append(scalar)
            }
        }
        text += "\""
    }
}
