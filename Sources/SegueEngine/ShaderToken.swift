/// One lexical token of GLSL code, outside comments.
struct ShaderToken {
    enum Kind { case identifier, number, symbol }

    let kind: Kind
    let text: String
    /// Offsets into the text's Unicode scalars.
    let range: Range<Int>
    /// Part of a preprocessor line (`#define`, `#version`, ...).
    let isDirective: Bool

    var start: Int { range.lowerBound }
}
