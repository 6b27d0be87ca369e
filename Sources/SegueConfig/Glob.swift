/// A shell-style pattern for app ids and titles: `*` any run of characters,
/// `?` one character, `[abc]`, `[a-z]` and `[!abc]` one character of (or not
/// of) a set, `\` makes the next character literal. Anything else matches
/// itself, so a plain string matches exactly. Case-sensitive, like app ids.
public struct Glob: Sendable, Equatable, CustomStringConvertible {
    private enum Token: Sendable, Equatable {
        case literal(Character)
        case anyCharacter
        case anyRun
        case set(ranges: [ClosedRange<Character>], negated: Bool)

        func matches(_ c: Character) -> Bool {
            switch self {
            case .literal(let l): l == c
            case .anyCharacter: true
            case .anyRun: false
            case let .set(ranges, negated): ranges.contains { $0.contains(c) } != negated
            }
        }
    }

    public let pattern: String
    private let tokens: [Token]

    public init(_ pattern: String) throws(ConfigValueError) {
        self.pattern = pattern
        var tokens: [Token] = []
        let chars = Array(pattern)
        var i = 0
        while i < chars.count {
            switch chars[i] {
            case "*":
                // Runs of stars mean the same as one; collapsing keeps matching linear.
                if tokens.last != .anyRun { tokens.append(.anyRun) }
            case "?":
                tokens.append(.anyCharacter)
            case "\\":
                guard i + 1 < chars.count else {
                    throw ConfigValueError("glob \"\(pattern)\" ends with a lone '\\'; write '\\\\' for a backslash")
                }
                i += 1
                tokens.append(.literal(chars[i]))
            case "[":
                let (token, end) = try Self.set(chars, from: i, pattern: pattern)
                tokens.append(token)
                i = end
            default:
                tokens.append(.literal(chars[i]))
            }
            i += 1
        }
        self.tokens = tokens
    }

    /// Reads `[...]` starting at `start`; returns the token and the index of its `]`.
    private static func set(_ chars: [Character], from start: Int,
                            pattern: String) throws(ConfigValueError) -> (Token, Int) {
        var i = start + 1
        let negated = i < chars.count && (chars[i] == "!" || chars[i] == "^")
        if negated { i += 1 }
        var ranges: [ClosedRange<Character>] = []
        // A `]` right after the opening bracket is a member, as in fnmatch.
        var first = true
        while i < chars.count && (chars[i] != "]" || first) {
            first = false
            let low = chars[i]
            if i + 2 < chars.count, chars[i + 1] == "-", chars[i + 2] != "]" {
                let high = chars[i + 2]
                guard low <= high else {
                    throw ConfigValueError("glob \"\(pattern)\" has the backwards range '\(low)-\(high)'")
                }
                ranges.append(low...high)
                i += 3
            } else {
                ranges.append(low...low)
                i += 1
            }
        }
        guard i < chars.count else {
            throw ConfigValueError("glob \"\(pattern)\" has a '[' without its ']'; write '\\[' for a bracket")
        }
        return (.set(ranges: ranges, negated: negated), i)
    }

    /// Single-star backtracking: every token but `*` eats exactly one character,
    /// so retrying from the last star is enough and never exponential.
    public func matches(_ text: String) -> Bool {
        let s = Array(text)
        var t = 0, i = 0
        var star: (token: Int, text: Int)?
        while i < s.count {
            if t < tokens.count, tokens[t] == .anyRun {
                star = (t, i)
                t += 1
            } else if t < tokens.count, tokens[t].matches(s[i]) {
                t += 1
                i += 1
            } else if let last = star {
                star = (last.token, last.text + 1)
                t = last.token + 1
                i = last.text + 1
            } else {
                return false
            }
        }
        while t < tokens.count, tokens[t] == .anyRun { t += 1 }
        return t == tokens.count
    }

    public var description: String { pattern }
}
