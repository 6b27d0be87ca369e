/// Checks made on the raw text before TOMLKit sees it: toml++ stops reading
/// at a NUL byte (TOMLKit hands it a C string), and it recurses once per key
/// level, so a line of thousands of dotted keys would overflow the stack.
enum ConfigText {
    static let maximumDotsPerLine = 1000

    static func problem(in text: String) -> (position: SourcePosition, message: String)? {
        var position = SourcePosition.start
        var dots = 0
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\0":
                return (position, "the file holds a NUL character; a config is text")
            case "\n":
                position = SourcePosition(line: position.line + 1, column: 1)
                dots = 0
                continue
            case ".":
                dots += 1
                if dots > maximumDotsPerLine {
                    return (SourcePosition(line: position.line, column: 1),
                            "more than \(maximumDotsPerLine) dots on one line; keys nested that deep are not a Segue config")
                }
            default:
                break
            }
            position.column += 1
        }
        return nil
    }
}
