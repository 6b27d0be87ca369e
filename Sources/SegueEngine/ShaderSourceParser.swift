/// Reads what Segue needs from an effect shader: its `#version`, its parameter
/// uniforms with their comment defaults, its annotations, and which entry
/// point it defines (gl-transitions' transition function, niri's open,
/// close or resize colour, or Burn-My-Windows' main). Everything else is left to the GLSL compiler.
struct ShaderSourceParser {
    private let text: ShaderText
    /// Code outside preprocessor lines, where declarations live.
    private let code: [ShaderToken]

    private static let precisions: Set<String> = ["lowp", "mediump", "highp"]
    private static let reservedNames: Set<String> = ["progress", "ratio", "from", "to"]

    init(_ text: String, path: String) {
        self.text = ShaderText(text, path: path)
        code = self.text.tokens.filter { !$0.isDirective }
    }

    func parse() throws(ShaderSourceError) -> ShaderSource {
        let (language, versionLine) = try version()
        let parameters = try uniforms()
        let interface = try entryPoint()
        let deferred = GlobalInitializerScan(text: text, code: code).deferred()
        var body = text.scalars
        // Blanked, not removed, so lines and columns still match the file.
        for (_, blank) in deferred {
            for i in blank where body[i] != "\n" && body[i] != "\r" { body[i] = " " }
        }
        // From the end, so earlier offsets hold; only these lines' columns move.
        let functions = ShaderFunctions(code: code)
        let splits = SelfReferencingLocals(code: code).declarations().map { ($0.equals..<$0.equals + 1, "; \($0.name) =") }
        let floats = IntegerFloatArguments(code: code, functions: functions).literalEnds().map { ($0..<$0, ".0") }
        for (range, replacement) in (splits + floats).sorted(by: { $0.0.lowerBound > $1.0.lowerBound }) {
            body.replaceSubrange(range, with: replacement.unicodeScalars)
        }
        if let versionLine { body.removeSubrange(versionLine) }
        var view = String.UnicodeScalarView()
        view.append(contentsOf: body)
        return ShaderSource(path: text.path, body: String(view), language: language,
                            parameters: parameters, annotations: annotations(),
                            deferredInitializers: deferred.map(\.0), interface: interface,
                            functions: Set(functions.signatures.filter(\.isDefinition).map(\.name)))
    }

    // MARK: #version

    /// The language, and the part of the text to blank out so that the wrapper can
    /// put its own `#version` first while line numbers stay the same.
    private func version() throws(ShaderSourceError) -> (ShaderSource.Language, Range<Int>?) {
        let tokens = text.tokens
        var result: (ShaderSource.Language, Range<Int>?) = (.glsl100, nil)
        for (k, hash) in tokens.enumerated()
        where hash.isDirective && hash.text == "#" && k + 1 < tokens.count
            && tokens[k + 1].text == "version" && tokens[k + 1].isDirective {
            guard k == 0 else {
                throw text.error(at: hash.start, "#version must come before everything but comments")
            }
            let line = text.lineIndex(of: hash.start)
            let words = tokens[(k + 2)...].prefix { $0.isDirective && text.lineIndex(of: $0.start) == line }
            let language: ShaderSource.Language
            switch words.map(\.text) {
            case ["100"]: language = .glsl100
            case ["300", "es"]: language = .glsl300
            default:
                let written = words.map(\.text).joined(separator: " ")
                throw text.error(at: words.first?.start ?? tokens[k + 1].start,
                                 "unsupported #version '\(written)'; Segue takes 100 or 300 es")
            }
            result = (language, versionLine(at: hash.start))
        }
        return result
    }

    /// The `#version` line's text, short of any comment crossing into a
    /// neighbouring line, and short of its line break.
    private func versionLine(at offset: Int) -> Range<Int> {
        var start = text.lineStart(of: offset)
        let newline = text.lineEnd(of: offset)
        var end = newline > start && text.scalars[newline - 1] == "\r" ? newline - 1 : newline
        if let before = text.comments(startingIn: 0..<start).last, before.range.upperBound > start {
            start = before.range.upperBound
        }
        if let after = text.comments(startingIn: offset..<newline).first(where: { $0.range.upperBound > newline }) {
            end = after.start
        }
        return start..<max(start, end)
    }

    // MARK: Uniforms

    private func uniforms() throws(ShaderSourceError) -> [ParameterSpec] {
        var specs: [ParameterSpec] = []
        var declared: [String: Int] = [:]
        var k = 0
        while k < code.count {
            if code[k].kind == .identifier && code[k].text == "uniform" {
                k = try declaration(at: k, into: &specs, declared: &declared)
            } else {
                k += 1
            }
        }
        return specs
    }

    /// Parses the declaration starting at token `k` and returns the index after its `;`.
    private func declaration(at k: Int, into specs: inout [ParameterSpec],
                             declared: inout [String: Int]) throws(ShaderSourceError) -> Int {
        var j = k + 1
        while j < code.count && Self.precisions.contains(code[j].text) { j += 1 }
        guard j < code.count, code[j].kind == .identifier else {
            throw text.error(at: position(j), "expected a type after 'uniform'")
        }
        // niri's own uniforms, pasted with the shader from its example files, are Segue's to declare.
        if j + 1 < code.count, code[j + 1].text.hasPrefix("niri_") {
            throw text.error(at: code[k].start, "'\(code[j + 1].text)' is provided by Segue as niri provides it; remove this declaration")
        }
        guard let type = ParameterType(glslName: code[j].text) else {
            let supported = ParameterType.allCases.map(\.glslName).joined(separator: ", ")
            throw text.error(at: code[j].start,
                             "unsupported uniform type '\(code[j].text)'; parameters take \(supported)")
        }
        var names: [ShaderToken] = []
        repeat {
            j += 1
            guard j < code.count, code[j].kind == .identifier else {
                throw text.error(at: position(j), "expected a uniform name")
            }
            let name = code[j]
            try checkName(name, declared: declared)
            declared[name.text] = name.start
            names.append(name)
            j += 1
            guard j < code.count else {
                throw text.error(at: name.range.upperBound, "expected ';' after '\(name.text)'")
            }
            switch code[j].text {
            case ",", ";": break
            case "[": throw text.error(at: code[j].start, "array uniforms are not supported")
            case "=":
                throw text.error(at: code[j].start,
                                 "uniforms take no initializer in GLSL ES; write the default as a comment: // = VALUE")
            default: throw text.error(at: code[j].start, "expected ',' or ';' after '\(name.text)'")
            }
        } while code[j].text == ","
        let found = try defaultComment(from: code[k].start, semicolon: j, type: type, name: names[0].text)
        for name in names {
            specs.append(ParameterSpec(uniform: name.text, type: type,
                                       defaultValue: found?.value ?? Self.zero(type),
                                       range: found?.range, summary: found?.summary ?? ""))
        }
        return j + 1
    }

    /// A parameter's value without a default: zero, or the neutral image.
    private static func zero(_ type: ParameterType) -> ParameterValue {
        type == .image ? ParameterValue(image: nil) : ParameterValue(type, Array(repeating: 0, count: type.componentCount))
    }

    private func checkName(_ name: ShaderToken, declared: [String: Int]) throws(ShaderSourceError) {
        if Self.reservedNames.contains(name.text) {
            throw text.error(at: name.start, "'\(name.text)' is provided by Segue; remove this declaration")
        }
        if name.text.hasPrefix("segue") {
            throw text.error(at: name.start, "'\(name.text)' starts with 'segue', which is reserved for Segue; rename it")
        }
        if let first = declared[name.text] {
            throw text.error(at: name.start,
                             "'\(name.text)' is already declared on line \(text.lineIndex(of: first) + 1)")
        }
    }

    /// The default written inside the declaration or in comments after its `;`
    /// on the same line, before any further code.
    private func defaultComment(from start: Int, semicolon j: Int, type: ParameterType,
                                name: String) throws(ShaderSourceError) -> UniformDefault? {
        let semicolon = code[j]
        let line = text.lineIndex(of: semicolon.start)
        let inside = text.comments(startingIn: start..<semicolon.start)
        let after = text.comments(startingIn: semicolon.range.upperBound..<position(j + 1))
            .prefix { text.lineIndex(of: $0.start) == line }
        let defaults = (Array(inside) + Array(after)).compactMap { comment in
            UniformDefault.equalsSign(of: comment, in: text).map { (comment, $0) }
        }
        guard let (comment, equalsSign) = defaults.first else { return nil }
        if defaults.count > 1 {
            throw text.error(at: defaults[1].1, "'\(name)' has more than one default")
        }
        return try UniformDefault(parsing: comment, equalsSign: equalsSign, as: type, in: text)
    }

    /// Where code token `j` starts, or the end of the text when there is none.
    private func position(_ j: Int) -> Int { j < code.count ? code[j].start : text.count }

    // MARK: Entry point

    /// The format the file is in, by the function it defines.
    private func entryPoint() throws(ShaderSourceError) -> ShaderSource.Interface {
        if defines("transition", taking: "vec2") != nil { return .glTransitions }
        if defines("open_color", taking: "vec3") != nil { return .niriOpen }
        if defines("close_color", taking: "vec3") != nil { return .niriClose }
        if definesMain, code.contains(where: { $0.kind == .identifier && $0.text == "setOutputColor" }) { return .burnMyWindows }
        if defines("resize_color", taking: "vec3") != nil { return .niriResize }
        throw text.error(at: 0, "defines no entry point Segue knows: vec4 transition(vec2 uv) (gl-transitions), "
                         + "vec4 open_color(vec3 coords_geo, vec3 size_geo), close_color(...) or resize_color(...) (niri), "
                         + "or void main() calling setOutputColor (Burn-My-Windows)")
    }

    /// Whether the file defines `void main()` itself.
    private var definesMain: Bool {
        code.indices.contains { k in
            k + 3 < code.count && code[k].text == "void" && code[k + 1].text == "main" && code[k + 2].text == "("
        }
    }

    /// The code token naming `vec4 name(TYPE ...` where the file defines it.
    private func defines(_ name: String, taking type: String) -> Int? {
        let qualifiers: Set<String> = Self.precisions.union(["in", "const"])
        for k in code.indices where k + 3 < code.count && code[k].text == "vec4"
            && code[k + 1].text == name && code[k + 2].text == "(" {
            var j = k + 3
            while j < code.count && qualifiers.contains(code[j].text) { j += 1 }
            if j < code.count && code[j].text == type { return k + 1 }
        }
        return nil
    }

    // MARK: Annotations

    private func annotations() -> [Annotation] {
        var found: [Annotation] = []
        for comment in text.comments where comment.kind == .line {
            let end = comment.content.upperBound
            let start = text.skipSpace(comment.content)
            guard start < end else { continue }
            if text.scalars[start] == "@" {
                var keyEnd = start + 1
                while keyEnd < end && Self.isKeyCharacter(text.scalars[keyEnd]) { keyEnd += 1 }
                guard keyEnd > start + 1, keyEnd == end || ShaderText.isSpace(text.scalars[keyEnd]) else { continue }
                found.append(annotation(key: text.string(start + 1..<keyEnd), at: start + 1, value: keyEnd..<end))
            } else {
                // The gl-transitions header convention.
                for (prefix, key) in [("author:", "author"), ("license:", "license")]
                where start + prefix.count <= end && text.string(start..<start + prefix.count).lowercased() == prefix {
                    found.append(annotation(key: key, at: start, value: start + prefix.count..<end))
                }
            }
        }
        return found
    }

    private static func isKeyCharacter(_ c: Unicode.Scalar) -> Bool { ("a"..."z").contains(c) || c == "-" }

    private func annotation(key: String, at keyStart: Int, value: Range<Int>) -> Annotation {
        let value = text.trimmed(value)
        let (line, column) = text.location(of: value.isEmpty ? keyStart : value.lowerBound)
        return Annotation(key: key, value: text.string(value), line: line, column: column)
    }
}
