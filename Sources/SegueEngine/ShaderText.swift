/// A shader's text split into code tokens and comments. Positions stay offsets
/// into the original Unicode scalars so any error can point back into the file.
struct ShaderText {
    let path: String
    let scalars: [Unicode.Scalar]
    let tokens: [ShaderToken]
    /// In order of appearance.
    let comments: [ShaderComment]
    private let lineStarts: [Int]

    init(_ text: String, path: String) {
        self.path = path
        scalars = Array(text.unicodeScalars)
        var lineStarts = [0]
        for (i, c) in scalars.enumerated() where c == "\n" { lineStarts.append(i + 1) }
        self.lineStarts = lineStarts
        (tokens, comments) = Self.lex(scalars)
    }

    var count: Int { scalars.count }

    func string(_ range: Range<Int>) -> String {
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars[range])
        return String(view)
    }

    /// 0-based line index of an offset.
    func lineIndex(of offset: Int) -> Int {
        var low = 0, high = lineStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if lineStarts[mid] <= offset { low = mid } else { high = mid - 1 }
        }
        return low
    }

    func lineStart(of offset: Int) -> Int { lineStarts[lineIndex(of: offset)] }

    /// The offset of the `\n` ending the line holding `offset`, or the end of the text.
    func lineEnd(of offset: Int) -> Int {
        let next = lineIndex(of: offset) + 1
        return next < lineStarts.count ? lineStarts[next] - 1 : scalars.count
    }

    /// 1-based line and column (in Unicode scalars) of an offset.
    func location(of offset: Int) -> (line: Int, column: Int) {
        let line = lineIndex(of: offset)
        return (line + 1, offset - lineStarts[line] + 1)
    }

    func error(at offset: Int, _ message: String) -> ShaderSourceError {
        let (line, column) = location(of: offset)
        return ShaderSourceError(path: path, line: line, column: column, message: message)
    }

    /// Comments that start inside `range`, found by binary search since a
    /// declaration looks up its own comments.
    func comments(startingIn range: Range<Int>) -> ArraySlice<ShaderComment> {
        var low = 0, high = comments.count
        while low < high {
            let mid = (low + high) / 2
            if comments[mid].start < range.lowerBound { low = mid + 1 } else { high = mid }
        }
        var end = low
        while end < comments.count && comments[end].start < range.upperBound { end += 1 }
        return comments[low..<end]
    }

    /// The first offset in `range` that is not white space, or its upper bound.
    func skipSpace(_ range: Range<Int>) -> Int {
        var i = range.lowerBound
        while i < range.upperBound && Self.isSpace(scalars[i]) { i += 1 }
        return i
    }

    /// `range` without white space at either end.
    func trimmed(_ range: Range<Int>) -> Range<Int> {
        let start = skipSpace(range)
        var end = range.upperBound
        while end > start && Self.isSpace(scalars[end - 1]) { end -= 1 }
        return start..<end
    }

    static func isSpace(_ c: Unicode.Scalar) -> Bool {
        c == " " || c == "\t" || c == "\n" || c == "\r" || c == "\u{0B}" || c == "\u{0C}"
    }

    static func isIdentifierStart(_ c: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(c) || ("A"..."Z").contains(c) || c == "_"
    }

    static func isIdentifierPart(_ c: Unicode.Scalar) -> Bool {
        isIdentifierStart(c) || isDigit(c)
    }

    static func isDigit(_ c: Unicode.Scalar) -> Bool { ("0"..."9").contains(c) }

    private static func lex(_ s: [Unicode.Scalar]) -> ([ShaderToken], [ShaderComment]) {
        var tokens: [ShaderToken] = []
        var comments: [ShaderComment] = []
        var i = 0
        // A `#` is a directive only as the first token on its line.
        var lineHasToken = false
        var inDirective = false
        func newLine() {
            lineHasToken = false
            inDirective = false
        }
        while i < s.count {
            let c = s[i]
            let next: Unicode.Scalar? = i + 1 < s.count ? s[i + 1] : nil
            if c == "\n" {
                newLine()
                i += 1
            } else if isSpace(c) {
                i += 1
            } else if c == "/" && next == "/" {
                var end = i + 2
                while end < s.count && s[end] != "\n" { end += 1 }
                comments.append(ShaderComment(kind: .line, range: i..<end, content: i + 2..<end))
                i = end
            } else if c == "/" && next == "*" {
                var close = i + 2
                while close < s.count && !(s[close] == "*" && close + 1 < s.count && s[close + 1] == "/") {
                    close += 1
                }
                let end = min(close + 2, s.count)
                comments.append(ShaderComment(kind: .block, range: i..<end, content: i + 2..<close))
                if s[i..<end].contains("\n") { newLine() }
                i = end
            } else {
                var end = i + 1
                let kind: ShaderToken.Kind
                if isIdentifierStart(c) {
                    kind = .identifier
                    while end < s.count && isIdentifierPart(s[end]) { end += 1 }
                } else if isDigit(c) || (c == "." && next.map(isDigit) == true) {
                    kind = .number
                    while end < s.count && (isIdentifierPart(s[end]) || s[end] == ".") { end += 1 }
                } else {
                    kind = .symbol
                    if c == "#" && !lineHasToken { inDirective = true }
                }
                var view = String.UnicodeScalarView()
                view.append(contentsOf: s[i..<end])
                tokens.append(ShaderToken(kind: kind, text: String(view), range: i..<end,
                                          isDirective: inDirective))
                lineHasToken = true
                i = end
            }
        }
        return (tokens, comments)
    }
}
