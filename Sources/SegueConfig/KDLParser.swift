/// Reads KDL 1.0.0 to its grammar: whitespace and newlines as the spec counts
/// them (Unicode's), nested block comments, slashdash, line continuations,
/// escaped and raw strings, the four number forms, type annotations.
struct KDLParser {
    private let scalars: [Unicode.Scalar]
    private var index = 0
    private var line = 1
    private var column = 1

    init(_ text: String) {
        var scalars = Array(text.unicodeScalars)
        if scalars.first == "\u{FEFF}" { scalars.removeFirst() }
        self.scalars = scalars
    }

    // MARK: Nodes

    mutating func document() throws(KDLError) -> [KDLNode] {
        try nodes(inBlock: false)
    }

    /// Nodes up to the end of the file, or of a children block (its `}` taken).
    private mutating func nodes(inBlock: Bool) throws(KDLError) -> [KDLNode] {
        var found: [KDLNode] = []
        while true {
            try skipLinespace()
            guard let c = peek() else {
                if inBlock { throw error("a children block is not closed: '}' is missing") }
                return found
            }
            if c == "}" {
                guard inBlock else { throw error("'}' closes no children block") }
                advance()
                return found
            }
            let dropped = startsSlashdash()
            if dropped {
                advance(2)
                try skipNodeSpace()
            }
            let node = try self.node()
            if !dropped { found.append(node) }
        }
    }

    private mutating func node() throws(KDLError) -> KDLNode {
        let (startLine, startColumn) = (line, column)
        let type = try typeAnnotation()
        guard let name = try identifier() else { throw error("expected a node's name") }
        var node = KDLNode(name: name, type: type, line: startLine, column: startColumn)
        var hadChildren = false
        while true {
            let spaced = try skipNodeSpace()
            if try terminator() { return node }
            let dropped = startsSlashdash()
            if dropped {
                advance(2)
                try skipNodeSpace()
            }
            if peek() == "{" {
                guard !hadChildren || dropped else { throw error("a node has one children block") }
                advance()
                let children = try nodes(inBlock: true)
                if !dropped {
                    node.children = children
                    hadChildren = true
                }
                continue
            }
            guard !hadChildren else { throw error("nothing but a newline, ';' or '}' may follow a children block") }
            guard spaced || dropped else { throw error("expected a space before the next argument or property") }
            let entry = try argumentOrProperty()
            guard !dropped else { continue }
            switch entry {
            case .argument(let value): node.arguments.append(value)
            case .property(let key, let value): node.properties.append((key, value))
            }
        }
    }

    /// Takes what ends a node, if it is there: a newline, `;`, a line comment,
    /// or the end of the file; a `}` ends it too, left for its block.
    private mutating func terminator() throws(KDLError) -> Bool {
        guard let c = peek() else { return true }
        if c == ";" { advance(); return true }
        if c == "}" { return true }
        if isNewline(at: index) { takeNewline(); return true }
        if c == "/", peek(1) == "/" { skipLineComment(); return true }
        return false
    }

    private enum Entry { case argument(KDLValue), property(String, KDLValue) }

    private mutating func argumentOrProperty() throws(KDLError) -> Entry {
        if peek() == "(" {
            let type = try typeAnnotation()
            return .argument(try value(type: type))
        }
        let (startIndex, startLine, startColumn) = (index, line, column)
        if startsNumber() { return .argument(try value(type: nil)) }
        if !startsString(), let c = peek(), isIdentifierCharacter(c) {
            // A keyword is a value, never a key.
            let keyword = ["true", "false", "null"].contains(bareWord())
            (index, line, column) = (startIndex, startLine, startColumn)
            if keyword { return .argument(try value(type: nil)) }
        }
        guard let key = try identifier() else { throw error("expected an argument or a property") }
        if peek() == "=" {
            advance()
            let type = try typeAnnotation()
            return .property(key, try value(type: type))
        }
        // Not a key: the same text again, as a value (a string or a keyword).
        (index, line, column) = (startIndex, startLine, startColumn)
        return .argument(try value(type: nil))
    }

    private mutating func value(type: String?) throws(KDLError) -> KDLValue {
        if startsString() { return KDLValue(.string(try string()), type: type) }
        if startsNumber() { return KDLValue(try number(), type: type) }
        let (startLine, startColumn) = (line, column)
        let word = bareWord()
        switch word {
        case "true": return KDLValue(.bool(true), type: type)
        case "false": return KDLValue(.bool(false), type: type)
        case "null": return KDLValue(.null, type: type)
        case "": throw error("expected a value")
        default:
            var ahead = 0
            while let c = peek(ahead), isSpace(c) { ahead += 1 }
            if peek(ahead) == "=" {
                throw KDLError(line: startLine, column: startColumn, message: "a property is key=value, with no space around '='")
            }
            throw KDLError(line: startLine, column: startColumn, message: "'\(word)' is not a value: a string is quoted (\"\(word)\")")
        }
    }

    private mutating func typeAnnotation() throws(KDLError) -> String? {
        guard peek() == "(" else { return nil }
        advance()
        guard let name = try identifier() else { throw error("expected a type's name after '('") }
        guard peek() == ")" else { throw error("expected ')' after the type's name") }
        advance()
        return name
    }

    /// A bare identifier or a string; nil where neither starts here.
    private mutating func identifier() throws(KDLError) -> String? {
        if startsString() { return try string() }
        guard let c = peek(), isIdentifierCharacter(c), !startsNumber() else { return nil }
        let (startLine, startColumn) = (line, column)
        let word = bareWord()
        guard !["true", "false", "null"].contains(word) else {
            throw KDLError(line: startLine, column: startColumn, message: "'\(word)' is a keyword: quote it to use it as a name")
        }
        return word
    }

    private mutating func bareWord() -> String {
        var word = String.UnicodeScalarView()
        while let c = peek(), isIdentifierCharacter(c) {
            word.append(c)
            advance()
        }
        return String(word)
    }

    // MARK: Strings

    private func startsString() -> Bool {
        peek() == "\"" || (peek() == "r" && (peek(1) == "\"" || peek(1) == "#"))
    }

    private mutating func string() throws(KDLError) -> String {
        if peek() == "r" { return try rawString() }
        let (startLine, startColumn) = (line, column)
        advance()
        var text = String.UnicodeScalarView()
        while true {
            guard let c = peek() else { throw KDLError(line: startLine, column: startColumn, message: "a string is not closed: '\"' is missing") }
            if isNewline(at: index) {
                takeNewline(into: &text)
                continue
            }
            advance()
            if c == "\"" { return String(text) }
            guard c == "\\" else { text.append(c); continue }
            guard let e = peek() else { continue }
            advance()
            switch e {
            case "n": text.append("\n")
            case "r": text.append("\r")
            case "t": text.append("\t")
            case "\\": text.append("\\")
            case "/": text.append("/")
            case "\"": text.append("\"")
            case "b": text.append("\u{08}")
            case "f": text.append("\u{0C}")
            case "u":
                guard peek() == "{" else { throw error("expected '{' after \\u") }
                advance()
                var digits = ""
                while let d = peek(), d.properties.isASCIIHexDigit, digits.count < 6 { digits.unicodeScalars.append(d); advance() }
                guard peek() == "}", !digits.isEmpty, let code = UInt32(digits, radix: 16), let scalar = Unicode.Scalar(code) else {
                    throw error("\\u{…} takes 1 to 6 hex digits of a Unicode scalar")
                }
                advance()
                text.append(scalar)
            default:
                throw error("'\\\(e)' is no escape: KDL has \\n \\r \\t \\\\ \\/ \\\" \\b \\f and \\u{…}")
            }
        }
    }

    /// `r"…"` or `r#"…"#` (any number of `#`): no escapes, newlines kept.
    private mutating func rawString() throws(KDLError) -> String {
        let (startLine, startColumn) = (line, column)
        advance()
        var hashes = 0
        while peek() == "#" { hashes += 1; advance() }
        guard peek() == "\"" else { throw error("expected '\"' to open the raw string") }
        advance()
        var text = String.UnicodeScalarView()
        while let c = peek() {
            if c == "\"", (1...max(hashes, 1)).allSatisfy({ $0 > hashes || peek($0) == "#" }) {
                advance(hashes + 1)
                return String(text)
            }
            if isNewline(at: index) {
                takeNewline(into: &text)
            } else {
                text.append(c)
                advance()
            }
        }
        throw KDLError(line: startLine, column: startColumn,
                       message: "a raw string is not closed: '\"\(String(repeating: "#", count: hashes))' is missing")
    }

    // MARK: Numbers

    private func startsNumber() -> Bool {
        guard let c = peek() else { return false }
        if ("0"..."9").contains(c) { return true }
        if c == "+" || c == "-", let d = peek(1) { return ("0"..."9").contains(d) }
        return false
    }

    private mutating func number() throws(KDLError) -> KDLValue.Content {
        let (startLine, startColumn) = (line, column)
        var word = String.UnicodeScalarView()
        while let c = peek(), isIdentifierCharacter(c) || c == "." {
            word.append(c)
            advance()
        }
        let text = String(word)
        func bad() -> KDLError { KDLError(line: startLine, column: startColumn, message: "'\(text)' is not a number") }
        var body = Substring(text)
        let negative = body.hasPrefix("-")
        if body.hasPrefix("-") || body.hasPrefix("+") { body = body.dropFirst() }
        for (prefix, radix, digits) in [("0x", 16, "0123456789abcdefABCDEF"), ("0o", 8, "01234567"), ("0b", 2, "01")] where body.hasPrefix(prefix) {
            let rest = body.dropFirst(2)
            guard let first = rest.first, digits.contains(first), rest.allSatisfy({ digits.contains($0) || $0 == "_" }),
                  let magnitude = Int(rest.filter { $0 != "_" }, radix: radix) else { throw bad() }
            return .integer(negative ? -magnitude : magnitude)
        }
        // decimal: integer ('.' integer)? exponent?, each integer a digit then digits or '_'
        let parts = body.split(separator: "e", maxSplits: 1, omittingEmptySubsequences: false)
            .flatMap { $0.split(separator: "E", maxSplits: 1, omittingEmptySubsequences: false) }
        func isInteger(_ s: Substring) -> Bool { s.first.map { $0.isASCII && $0.isNumber } == true && s.allSatisfy { ($0.isASCII && $0.isNumber) || $0 == "_" } }
        guard parts.count <= 2, let mantissa = parts.first else { throw bad() }
        let pieces = mantissa.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard pieces.allSatisfy(isInteger) else { throw bad() }
        if parts.count == 2 {
            var exponent = parts[1]
            if exponent.hasPrefix("-") || exponent.hasPrefix("+") { exponent = exponent.dropFirst() }
            guard isInteger(exponent) else { throw bad() }
        }
        let plain = text.filter { $0 != "_" }
        if pieces.count == 1, parts.count == 1, let integer = Int(plain) { return .integer(integer) }
        guard let decimal = Double(plain), decimal.isFinite else { throw bad() }
        return .decimal(decimal)
    }

    // MARK: Space and comments

    /// Whitespace, block comments and line continuations within a node; whether there was any.
    @discardableResult
    private mutating func skipNodeSpace() throws(KDLError) -> Bool {
        var any = false
        while let c = peek() {
            if isSpace(c) { advance(); any = true; continue }
            if c == "/", peek(1) == "*" { try skipBlockComment(); any = true; continue }
            if c == "\\" {
                // A line continuation: space and a comment may come before its newline.
                advance()
                while let s = peek(), isSpace(s) { advance() }
                if peek() == "/", peek(1) == "*" { try skipBlockComment() }
                while let s = peek(), isSpace(s) { advance() }
                if peek() == "/", peek(1) == "/" { skipLineComment() }
                else if isNewline(at: index) { takeNewline() }
                else if peek() != nil { throw error("a '\\' continues a line only at its end") }
                any = true
                continue
            }
            break
        }
        return any
    }

    /// Space, newlines and comments between nodes.
    private mutating func skipLinespace() throws(KDLError) {
        while let c = peek() {
            if isSpace(c) { advance() }
            else if isNewline(at: index) { takeNewline() }
            else if c == "/", peek(1) == "/" { skipLineComment() }
            else if c == "/", peek(1) == "*" { try skipBlockComment() }
            else { return }
        }
    }

    private mutating func skipLineComment() {
        while peek() != nil, !isNewline(at: index) { advance() }
        if peek() != nil { takeNewline() }
    }

    /// `/* … */`, nested ones within it.
    private mutating func skipBlockComment() throws(KDLError) {
        let (startLine, startColumn) = (line, column)
        advance(2)
        var depth = 1
        while depth > 0 {
            guard let c = peek() else { throw KDLError(line: startLine, column: startColumn, message: "a comment is not closed: '*/' is missing") }
            if c == "/", peek(1) == "*" { depth += 1; advance(2) }
            else if c == "*", peek(1) == "/" { depth -= 1; advance(2) }
            else if isNewline(at: index) { takeNewline() }
            else { advance() }
        }
    }

    private func startsSlashdash() -> Bool { peek() == "/" && peek(1) == "-" }

    // MARK: Characters

    private func peek(_ ahead: Int = 0) -> Unicode.Scalar? {
        index + ahead < scalars.count ? scalars[index + ahead] : nil
    }

    private mutating func advance(_ count: Int = 1) {
        index = min(index + count, scalars.count)
        column += count
    }

    private func isNewline(at i: Int) -> Bool { i < scalars.count && isNewline(scalars[i]) }

    /// One newline (CRLF is one), counted.
    private mutating func takeNewline() {
        index += scalars[index] == "\r" && peek(1) == "\n" ? 2 : 1
        line += 1
        column = 1
    }

    /// The same, kept as it was written: a string's newline is part of it.
    private mutating func takeNewline(into text: inout String.UnicodeScalarView) {
        text.append(scalars[index])
        if scalars[index] == "\r", peek(1) == "\n" { text.append("\n") }
        takeNewline()
    }

    private func isSpace(_ c: Unicode.Scalar) -> Bool {
        ["\t", " ", "\u{A0}", "\u{1680}", "\u{202F}", "\u{205F}", "\u{3000}", "\u{FEFF}"].contains(c) || ("\u{2000}"..."\u{200A}").contains(c)
    }

    private func isIdentifierCharacter(_ c: Unicode.Scalar) -> Bool {
        c.value > 0x20 && !isSpace(c) && !isNewline(c) && !"\\/(){}<>;[]=,\"".unicodeScalars.contains(c)
    }

    private func isNewline(_ c: Unicode.Scalar) -> Bool {
        ["\r", "\n", "\u{85}", "\u{0C}", "\u{2028}", "\u{2029}"].contains(c)
    }

    private func error(_ message: String) -> KDLError { KDLError(line: line, column: column, message: message) }
}
