/// A `// @key value` line (or a gl-transitions `// Author:` / `// License:` header)
/// recorded verbatim; what a key means is up to whoever reads it.
public struct Annotation: Sendable, Equatable {
    public let key: String
    public let value: String
    /// Where the value starts (where the key starts when the value is empty), 1-based.
    public let line: Int
    public let column: Int

    public init(key: String, value: String, line: Int, column: Int) {
        self.key = key
        self.value = value
        self.line = line
        self.column = column
    }
}
