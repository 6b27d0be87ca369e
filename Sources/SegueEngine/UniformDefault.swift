/// What a default comment says about a uniform: `= VALUE`, then optionally
/// `(MIN..MAX)`, then optionally a free-text summary.
struct UniformDefault {
    let value: ParameterValue
    let range: ClosedRange<Double>?
    let summary: String

    /// The offset of the comment's leading `=`, when it is a default comment at all.
    static func equalsSign(of comment: ShaderComment, in text: ShaderText) -> Int? {
        let i = text.skipSpace(comment.content)
        return i < comment.content.upperBound && text.scalars[i] == "=" ? i : nil
    }

    init(parsing comment: ShaderComment, equalsSign: Int, as type: ParameterType,
         in text: ShaderText) throws(ShaderSourceError) {
        let s = text.scalars
        let end = comment.content.upperBound
        let valueStart = text.skipSpace(equalsSign + 1..<end)
        guard valueStart < end else { throw text.error(at: equalsSign, "expected a value after '='") }
        guard type != .image else {
            throw text.error(at: valueStart, "an image takes no default here; set a PNG in the config or with --param")
        }

        var i = valueStart
        if ShaderText.isIdentifierStart(s[i]) {
            while i < end && ShaderText.isIdentifierPart(s[i]) { i += 1 }
            let open = text.skipSpace(i..<end)
            // Only a type name opens a constructor: in `true (0..1)` the parenthesis is a range.
            if open < end && s[open] == "(" && ParameterType(rawValue: text.string(valueStart..<i)) != nil {
                guard let close = s[open..<end].firstIndex(of: ")") else {
                    throw text.error(at: valueStart, "missing ')' in default '\(text.string(valueStart..<end))'")
                }
                i = close + 1
            }
        } else {
            while i < end && !ShaderText.isSpace(s[i]) && s[i] != "(" { i += 1 }
            // Real files end defaults as statements: `// = 0.3;`.
            while i > valueStart + 1 && Self.isTrailingPunctuation(s[i - 1]) { i -= 1 }
        }
        let written = text.string(valueStart..<i)
        while i < end && Self.isTrailingPunctuation(s[i]) { i += 1 }
        guard !(type.isInteger && Self.hasHugeDigitRun(written)),
              let value = ParameterValue.parse(written, as: type) else {
            throw text.error(at: valueStart, "'\(written)' is not a valid \(type.rawValue) default")
        }

        i = text.skipSpace(i..<end)
        var range: ClosedRange<Double>?
        // A parenthesis without `..` is just the start of the summary.
        if i < end && s[i] == "(", let close = s[i..<end].firstIndex(of: ")"),
           let dots = Self.firstDots(in: i + 1..<close, of: s) {
            guard type != .bool else { throw text.error(at: i, "a bool parameter takes no range") }
            let low = try Self.bound(text.trimmed(i + 1..<dots), orAt: i + 1, in: text)
            let highText = text.trimmed(dots + 2..<close)
            let high = try Self.bound(highText, orAt: dots + 2, in: text)
            guard low <= high else {
                throw text.error(at: text.skipSpace(i + 1..<dots),
                                 "range (\(text.string(i + 1..<close))) has its minimum above its maximum")
            }
            range = low...high
            if value.components.contains(where: { !(low...high).contains($0) }) {
                throw text.error(at: valueStart,
                                 "default \(written) lies outside the range (\(text.string(i + 1..<close)))")
            }
            i = close + 1
        }
        self.value = value
        self.range = range
        self.summary = text.string(text.trimmed(i..<end))
            .split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }

    private static func isTrailingPunctuation(_ c: Unicode.Scalar) -> Bool { c == ";" || c == "," }

    /// ParameterValue traps on `Int.min` (it takes `abs` of it); numbers that long
    /// are out of any parameter's range anyway, so they are refused before parsing.
    private static func hasHugeDigitRun(_ written: String) -> Bool {
        written.split(whereSeparator: { !$0.isASCII || !$0.isNumber }).contains { $0.count > 18 }
    }

    private static func firstDots(in range: Range<Int>, of s: [Unicode.Scalar]) -> Int? {
        range.first { $0 + 1 < range.upperBound && s[$0] == "." && s[$0 + 1] == "." }
    }

    /// Parses one range bound; `orAt` locates the error when the bound is empty.
    private static func bound(_ range: Range<Int>, orAt fallback: Int,
                              in text: ShaderText) throws(ShaderSourceError) -> Double {
        let written = text.string(range)
        // `1...2` would otherwise read as 1 to .2.
        guard !written.hasPrefix("."), let value = ParameterValue.parse(written, as: .float) else {
            throw text.error(at: range.isEmpty ? fallback : range.lowerBound,
                             "range bound '\(written)' is not a number")
        }
        return value.components[0]
    }
}
