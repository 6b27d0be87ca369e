/// A file-scope variable whose initializer is not a constant expression, e.g.
/// `float ratio2 = ratio * 2.0;`. GLSL ES refuses those (Mesa: "initializer of
/// global variable must be a constant expression"); WebGL implementations move
/// them into `main`, and the gl-transitions collection relies on it. Segue's
/// wrapper does the same: the declaration keeps its place without the
/// initializer, and an assignment runs, in source order, before `transition()`.
public struct DeferredInitializer: Sendable, Equatable {
    public let name: String
    /// The initializer as written.
    public let expression: String
    /// The 1-based line of the file where the expression starts.
    public let line: Int

    public init(name: String, expression: String, line: Int) {
        (self.name, self.expression, self.line) = (name, expression, line)
    }
}

/// Finds the file-scope initializers to defer: every initializer of a
/// non-`const` global that names anything but literals, `const` globals,
/// macros, type constructors and built-in functions.
struct GlobalInitializerScan {
    let text: ShaderText
    let code: [ShaderToken]

    /// Each deferred initializer, and the text to blank out of the file for it
    /// (from its `=` to its end).
    func deferred() -> [(DeferredInitializer, blank: Range<Int>)] {
        var constant = Self.typeNames.union(Self.builtinFunctions).union(["true", "false"]).union(macroNames())
        var found: [(DeferredInitializer, blank: Range<Int>)] = []
        var k = 0
        while k < code.count {
            guard let end = statementEnd(from: k) else { break }
            if code[end].text == "{" {
                // A function body or a struct: a struct's name constructs values.
                if code[k].text == "struct", k + 1 < end { constant.insert(code[k + 1].text) }
                k = matchingBrace(end) + 1
                continue
            }
            found += declarators(code[k..<end], constant: &constant)
            k = end + 1
        }
        return found
    }

    /// The index of the `;` or `{` that ends the statement starting at `k`, at
    /// parenthesis and bracket depth 0.
    private func statementEnd(from k: Int) -> Int? {
        var depth = 0
        for j in k..<code.count {
            switch code[j].text {
            case "(", "[": depth += 1
            case ")", "]": depth -= 1
            case ";" where depth <= 0, "{" where depth <= 0: return j
            default: continue
            }
        }
        return nil
    }

    private func matchingBrace(_ open: Int) -> Int {
        var depth = 0
        for j in open..<code.count {
            if code[j].text == "{" { depth += 1 }
            if code[j].text == "}" { depth -= 1; if depth == 0 { return j } }
        }
        return code.count - 1
    }

    /// The deferred initializers of one variable declaration; `const` names join `constant`.
    private func declarators(_ statement: ArraySlice<ShaderToken>, constant: inout Set<String>)
        -> [(DeferredInitializer, blank: Range<Int>)] {
        var j = statement.startIndex
        var isConst = false
        while j < statement.endIndex, Self.qualifiers.contains(code[j].text) {
            if code[j].text == "const" { isConst = true }
            j += 1
        }
        // Not a variable: uniforms, inputs, precision statements, prototypes.
        guard j < statement.endIndex, !Self.notVariables.contains(code[j].text), code[j].kind == .identifier else { return [] }
        j += 1
        if j < statement.endIndex, code[j].text == "[" { j = closing(j, in: statement) + 1 }
        var found: [(DeferredInitializer, blank: Range<Int>)] = []
        while j < statement.endIndex, code[j].kind == .identifier {
            let name = code[j]
            j += 1
            if j < statement.endIndex, code[j].text == "(" { return [] }
            if j < statement.endIndex, code[j].text == "[" { j = closing(j, in: statement) + 1 }
            if j < statement.endIndex, code[j].text == "=" {
                let equals = j
                j = declaratorEnd(from: j + 1, in: statement)
                let expression = code[(equals + 1)..<j]
                if !isConst, let first = expression.first, let last = expression.last,
                   expression.contains(where: { $0.kind == .identifier && !constant.contains($0.text) }) {
                    let written = first.start..<last.range.upperBound
                    found.append((DeferredInitializer(name: name.text, expression: text.string(written),
                                                      line: text.location(of: first.start).line),
                                  blank: code[equals].start..<last.range.upperBound))
                }
            }
            if isConst { constant.insert(name.text) }
            guard j < statement.endIndex, code[j].text == "," else { break }
            j += 1
        }
        return found
    }

    /// The index of the `,` or statement end closing an initializer starting at `j`.
    private func declaratorEnd(from j: Int, in statement: ArraySlice<ShaderToken>) -> Int {
        var depth = 0
        var i = j
        while i < statement.endIndex {
            switch code[i].text {
            case "(", "[": depth += 1
            case ")", "]": depth -= 1
            case "," where depth == 0: return i
            default: break
            }
            i += 1
        }
        return i
    }

    private func closing(_ open: Int, in statement: ArraySlice<ShaderToken>) -> Int {
        var depth = 0
        for i in open..<statement.endIndex {
            if code[i].text == "[" { depth += 1 }
            if code[i].text == "]" { depth -= 1; if depth == 0 { return i } }
        }
        return statement.endIndex - 1
    }

    /// Names `#define`d anywhere in the file.
    private func macroNames() -> Set<String> {
        let tokens = text.tokens
        var names: Set<String> = []
        for k in tokens.indices where k + 2 < tokens.count && tokens[k].isDirective && tokens[k].text == "#"
            && tokens[k + 1].text == "define" && tokens[k + 2].kind == .identifier {
            names.insert(tokens[k + 2].text)
        }
        return names
    }

    private static let qualifiers: Set<String> = ["const", "highp", "mediump", "lowp", "invariant", "flat", "smooth"]
    private static let notVariables: Set<String> = ["uniform", "precision", "attribute", "varying", "in", "out",
                                                    "inout", "layout", "struct", "void"]
    private static let typeNames: Set<String> = {
        var names: Set<String> = ["float", "int", "uint", "bool"]
        for n in 2...4 {
            for prefix in ["vec", "ivec", "uvec", "bvec", "mat"] { names.insert("\(prefix)\(n)") }
            for m in 2...4 { names.insert("mat\(n)x\(m)") }
        }
        return names
    }()
    /// GLSL ES built-ins usable in constant expressions (no texture lookups).
    private static let builtinFunctions: Set<String> = [
        "radians", "degrees", "sin", "cos", "tan", "asin", "acos", "atan", "sinh", "cosh", "tanh", "asinh", "acosh",
        "atanh", "pow", "exp", "log", "exp2", "log2", "sqrt", "inversesqrt", "abs", "sign", "floor", "ceil", "trunc",
        "round", "roundEven", "fract", "mod", "min", "max", "clamp", "mix", "step", "smoothstep", "length", "distance",
        "dot", "cross", "normalize", "faceforward", "reflect", "refract", "matrixCompMult", "transpose", "determinant",
        "inverse", "outerProduct", "lessThan", "lessThanEqual", "greaterThan", "greaterThanEqual", "equal",
        "notEqual", "any", "all", "not",
    ]
}
