/// Integer literals passed where a function the file defines takes a float,
/// e.g. `fadeInOut(t, 2)` (in Burn-My-Windows' team-rocket and rgbwarp).
/// GNOME compiles those shaders as desktop GLSL, which converts the literal;
/// GLSL ES does not, so Mesa finds no matching overload. The wrapper writes
/// each such literal as a float, `2.0`, in its place.
struct IntegerFloatArguments {
    let code: [ShaderToken]
    let functions: ShaderFunctions

    /// The offsets just after each such literal, where `.0` goes, in file order.
    func literalEnds() -> [Int] {
        let byName = Dictionary(grouping: functions.signatures, by: \.name)
        let declarations = Set(functions.signatures.map(\.nameIndex))
        var ends: [Int] = []
        for k in code.indices where k + 1 < code.count && code[k + 1].text == "(" && !declarations.contains(k)
            && (k == 0 || code[k - 1].text != ".") {
            guard let overloads = byName[code[k].text] else { continue }
            let arguments = self.arguments(openingAt: k + 1)
            let sameArity = overloads.filter { $0.parameterTypes.count == arguments.count }
            guard !sameArity.isEmpty else { continue }
            for (i, argument) in arguments.enumerated() where sameArity.allSatisfy({ $0.parameterTypes[i] == "float" }) {
                if let literal = Self.integerLiteral(argument) { ends.append(literal.range.upperBound) }
            }
        }
        return ends.sorted()
    }

    /// The tokens of each argument of the call whose `(` is token `open`.
    private func arguments(openingAt open: Int) -> [ArraySlice<ShaderToken>] {
        var result: [ArraySlice<ShaderToken>] = [], depth = 0, start = open + 1
        for i in (open + 1)..<code.count {
            switch code[i].text {
            case "(", "[": depth += 1
            case "," where depth == 0:
                result.append(code[start..<i]); start = i + 1
            case ")", "]":
                if depth == 0 {
                    if i > start || !result.isEmpty { result.append(code[start..<i]) }
                    return result
                }
                depth -= 1
            default: break
            }
        }
        return []
    }

    /// The literal of an argument that is a decimal integer, signed or not
    /// (octal and hex ones mean other numbers as floats, and are left).
    private static func integerLiteral(_ argument: ArraySlice<ShaderToken>) -> ShaderToken? {
        let unsigned = argument.first.map { ["-", "+"].contains($0.text) } == true ? argument.dropFirst() : argument
        guard unsigned.count == 1, let literal = unsigned.first, literal.kind == .number,
              literal.text.allSatisfy({ $0.isASCII && $0.isNumber }), literal.text == "0" || !literal.text.hasPrefix("0") else { return nil }
        return literal
    }
}

