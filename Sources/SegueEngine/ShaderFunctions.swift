/// The functions a shader declares or defines at file scope, with the types
/// of their parameters, as written (`float`, `vec2`, a struct's name).
struct ShaderFunctions {
    struct Signature {
        let name: String
        /// The code token naming it, so a scan for calls can pass it by.
        let nameIndex: Int
        let parameterTypes: [String]
        /// A body follows, not only `;`.
        let isDefinition: Bool
    }

    let signatures: [Signature]

    private static let qualifiers: Set<String> = ["const", "in", "out", "inout", "highp", "mediump", "lowp"]

    init(code: [ShaderToken]) {
        var found: [Signature] = [], depth = 0, k = 0
        while k < code.count {
            switch code[k].text {
            case "{": depth += 1
            case "}": depth -= 1
            default:
                guard depth == 0, k + 2 < code.count, code[k].kind == .identifier, code[k + 1].kind == .identifier,
                      code[k + 2].text == "(", let close = code[(k + 2)...].firstIndex(where: { $0.text == ")" }),
                      close + 1 < code.count, ["{", ";"].contains(code[close + 1].text) else { break }
                let types = code[(k + 3)..<close].split { $0.text == "," }.compactMap { parameter in
                    parameter.first { !Self.qualifiers.contains($0.text) }?.text
                }
                found.append(Signature(name: code[k + 1].text, nameIndex: k + 1, parameterTypes: types == ["void"] ? [] : types,
                                       isDefinition: code[close + 1].text == "{"))
                k = close
            }
            k += 1
        }
        signatures = found
    }
}
