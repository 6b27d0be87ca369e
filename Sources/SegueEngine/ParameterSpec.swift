/// One parameter an effect exposes: the uniform it feeds, its user-facing name,
/// default and allowed range.
public struct ParameterSpec: Equatable, Sendable {
    /// The GLSL uniform name, e.g. `columnWidth`.
    public let uniform: String
    /// The name people write in configs and on the command line, e.g. `column-width`.
    public let name: String
    public let type: ParameterType
    public let defaultValue: ParameterValue
    /// Inclusive bounds that apply to every component, when the effect declares them.
    public let range: ClosedRange<Double>?
    public let summary: String

    public init(uniform: String, type: ParameterType, defaultValue: ParameterValue,
                range: ClosedRange<Double>? = nil, summary: String = "") {
        self.uniform = uniform
        self.name = ParameterSpec.kebabCase(uniform)
        self.type = type
        self.defaultValue = defaultValue
        self.range = range
        self.summary = summary
    }

    /// `columnWidth` → `column-width`, `shadow_radius` → `shadow-radius`.
    public static func kebabCase(_ identifier: String) -> String {
        var out = ""
        for c in identifier {
            if c == "_" {
                if !out.isEmpty && !out.hasSuffix("-") { out.append("-") }
            } else if c.isUppercase {
                if !out.isEmpty && !out.hasSuffix("-") { out.append("-") }
                out.append(Character(c.lowercased()))
            } else {
                out.append(c)
            }
        }
        return out
    }

    /// Parses and range-checks a value for this parameter.
    public func value(from text: String) throws(ParameterError) -> ParameterValue {
        guard let v = ParameterValue.parse(text, as: type) else {
            throw .wrongType(name: name, expected: type, got: text)
        }
        try check(v)
        return v
    }

    public func check(_ v: ParameterValue) throws(ParameterError) {
        guard v.type == type else { throw .wrongType(name: name, expected: type, got: v.description) }
        if let range, v.components.contains(where: { !range.contains($0) }) {
            throw .outOfRange(name: name, value: v.description, range: range)
        }
    }
}

public enum ParameterError: Error, Equatable, CustomStringConvertible {
    case unknown(name: String, effect: String, known: [String])
    case wrongType(name: String, expected: ParameterType, got: String)
    case outOfRange(name: String, value: String, range: ClosedRange<Double>)
    case malformed(String)

    public var description: String {
        switch self {
        case let .unknown(name, effect, known):
            let list = known.isEmpty ? "it has none" : "it has " + known.joined(separator: ", ")
            return "effect '\(effect)' has no parameter '\(name)' (\(list))"
        case let .wrongType(name, expected, got):
            return "parameter '\(name)' takes a \(expected.rawValue), not '\(got)'" + expected.forms
        case let .outOfRange(name, value, range):
            return "parameter '\(name)' = \(value) is outside \(range.lowerBound)...\(range.upperBound)"
        case let .malformed(text):
            return "expected NAME=VALUE, got '\(text)'"
        }
    }
}
