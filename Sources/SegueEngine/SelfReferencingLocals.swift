/// Local declarations whose initializer names the variable being declared,
/// e.g. `float t = reverse ? t = 1.0 - progress : t = progress;` (in the
/// gl-transitions collection). GLSL ES starts a name's scope after its
/// initializer, so Mesa refuses it; WebGL accepts it. The wrapper splits each
/// into a declaration and an assignment on the same line.
struct SelfReferencingLocals {
    let code: [ShaderToken]

    /// For each such declaration, the offset of its `=` and the name.
    func declarations() -> [(equals: Int, name: String)] {
        var found: [(equals: Int, name: String)] = []
        var depth = 0
        var statementStart = true
        var k = 0
        while k < code.count {
            let token = code[k]
            if depth > 0, statementStart, let match = match(at: k) {
                found.append(match.declaration)
                k = match.end
                statementStart = true
                continue
            }
            switch token.text {
            case "{": depth += 1; statementStart = true
            case "}": depth -= 1; statementStart = true
            case ";": statementStart = true
            default: statementStart = false
            }
            k += 1
        }
        return found
    }

    /// `[precision] TYPE NAME = EXPR;` with NAME in EXPR (not as a field), and
    /// the index after its `;`.
    private func match(at k: Int) -> (declaration: (equals: Int, name: String), end: Int)? {
        var j = k
        if j < code.count, ["highp", "mediump", "lowp"].contains(code[j].text) { j += 1 }
        guard j + 3 < code.count, code[j].kind == .identifier, !Self.statementWords.contains(code[j].text),
              code[j + 1].kind == .identifier, code[j + 2].text == "=" else { return nil }
        let name = code[j + 1].text
        var depth = 0
        var i = j + 3
        var namesItself = false
        while i < code.count {
            switch code[i].text {
            case "(", "[": depth += 1
            case ")", "]": depth -= 1
            case "," where depth == 0, "{", "}": return nil
            case ";" where depth == 0:
                guard namesItself else { return nil }
                return (declaration: (equals: code[j + 2].start, name: name), end: i + 1)
            default:
                // A call is to a function of that name, which the local hides only after this.
                if code[i].text == name && code[i - 1].text != "." && code[i + 1].text != "(" { namesItself = true }
            }
            i += 1
        }
        return nil
    }

    private static let statementWords: Set<String> = ["return", "if", "else", "for", "while", "do", "const", "discard",
                                                      "break", "continue"]
}
