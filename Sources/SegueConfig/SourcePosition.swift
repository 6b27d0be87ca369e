/// A 1-based line and column (in Unicode scalars, as toml++ counts them).
struct SourcePosition: Hashable, Sendable {
    var line: Int
    var column: Int

    static let start = SourcePosition(line: 1, column: 1)
}
