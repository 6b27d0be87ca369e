/// A `//` or `/* */` comment; defaults and annotations live in these.
struct ShaderComment {
    enum Kind { case line, block }

    let kind: Kind
    /// The whole comment, delimiters included, as offsets into the text's Unicode scalars.
    let range: Range<Int>
    /// The text between the delimiters.
    let content: Range<Int>

    var start: Int { range.lowerBound }
}
