/// A cursor over TOML text that knows just enough syntax to step over keys,
/// strings, comments and values while tracking line and column. It never
/// fails: on text it does not understand it moves on, so that any input ends.
struct TOMLScanner {
    private let scalars: [Unicode.Scalar]
    private(set) var index = 0
    private(set) var position = SourcePosition.start

    init(_ text: String) {
        scalars = Array(text.unicodeScalars)
    }

    var atEnd: Bool { index >= scalars.count }
    var current: Unicode.Scalar? { peek(0) }

    func peek(_ offset: Int) -> Unicode.Scalar? {
        index + offset < scalars.count ? scalars[index + offset] : nil
    }

    func looking(at text: String) -> Bool {
        text.unicodeScalars.enumerated().allSatisfy { peek($0.offset) == $0.element }
    }

    mutating func advance(_ count: Int = 1) {
        for _ in 0..<count where !atEnd {
            if scalars[index] == "\n" {
                position = SourcePosition(line: position.line + 1, column: 1)
            } else {
                position.column += 1
            }
            index += 1
        }
    }

    mutating func skipSpaces() {
        while current == " " || current == "\t" { advance() }
    }

    /// Spaces, comments and line breaks, as between statements and array elements.
    mutating func skipBlank() {
        while let c = current {
            if c == " " || c == "\t" || c == "\r" || c == "\n" {
                advance()
            } else if c == "#" {
                skipLine()
            } else {
                return
            }
        }
    }

    /// To the start of the next line.
    mutating func skipLine() {
        while let c = current, c != "\n" { advance() }
        advance()
    }

    /// A dotted key such as `a."b.c".d`: each part's text and where it starts.
    mutating func key() -> [(name: String, position: SourcePosition)] {
        var parts: [(String, SourcePosition)] = []
        while true {
            skipSpaces()
            let start = position
            switch current {
            case "\"": parts.append((basicString(), start))
            case "'": parts.append((literalString(), start))
            default:
                var name = ""
                while let c = current, Self.isBareKey(c) {
                    name.unicodeScalars.append(c)
                    advance()
                }
                guard !name.isEmpty else { return parts }
                parts.append((name, start))
            }
            skipSpaces()
            guard current == "." else { return parts }
            advance()
        }
    }

    /// Steps over any string form; `"""` and `'''` may span lines.
    mutating func skipString() {
        if looking(at: "\"\"\"") || looking(at: "'''") {
            let quote = current!
            advance(3)
            while !atEnd {
                if current == "\\" && quote == "\"" {
                    advance(2)
                } else if peek(0) == quote && peek(1) == quote && peek(2) == quote {
                    advance(3)
                    // Up to two more quotes belong to the content: `""""` ends with one.
                    for _ in 0..<2 where current == quote { advance() }
                    return
                } else {
                    advance()
                }
            }
        } else if current == "\"" {
            _ = basicString()
        } else {
            _ = literalString()
        }
    }

    /// A one-line `"..."` with its escapes decoded.
    private mutating func basicString() -> String {
        advance()
        var text = ""
        while let c = current, c != "\"", c != "\n" {
            advance()
            guard c == "\\", let escaped = current else {
                text.unicodeScalars.append(c)
                continue
            }
            advance()
            switch escaped {
            case "b": text += "\u{8}"
            case "t": text += "\t"
            case "n": text += "\n"
            case "f": text += "\u{c}"
            case "r": text += "\r"
            case "e": text += "\u{1b}"
            case "u", "U": text.unicodeScalars.append(hexScalar(digits: escaped == "u" ? 4 : 8))
            default: text.unicodeScalars.append(escaped)
            }
        }
        if current == "\"" { advance() }
        return text
    }

    private mutating func hexScalar(digits: Int) -> Unicode.Scalar {
        var hex = ""
        while hex.count < digits, let c = current, c.properties.isASCIIHexDigit {
            hex.unicodeScalars.append(c)
            advance()
        }
        return UInt32(hex, radix: 16).flatMap(Unicode.Scalar.init) ?? "\u{FFFD}"
    }

    /// A one-line `'...'`, which has no escapes.
    private mutating func literalString() -> String {
        advance()
        var text = ""
        while let c = current, c != "'", c != "\n" {
            text.unicodeScalars.append(c)
            advance()
        }
        if current == "'" { advance() }
        return text
    }

    static func isBareKey(_ c: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(c) || ("A"..."Z").contains(c) || ("0"..."9").contains(c) || c == "-" || c == "_"
    }
}
