/// A problem in a file a person wrote (an effect shader, a config file),
/// located the way compilers do so that editors can jump to it; or in a value
/// given outside any file (`segue msg set`), named by `path` alone.
public struct Diagnostic: Error, Sendable, Equatable, CustomStringConvertible {
    public let path: String
    /// 1-based, in the original text; 0 for a value given outside any file.
    public let line: Int
    /// 1-based, counted in Unicode scalars; nil where the source gives none (a GL driver that names only lines).
    public let column: Int?
    public let message: String

    public init(path: String, line: Int, column: Int?, message: String) {
        self.path = path
        self.line = line
        self.column = column
        self.message = message
    }

    public var description: String {
        guard line > 0 else { return "\(path): \(message)" }
        return "\(path):\(line):" + (column.map { "\($0):" } ?? "") + " \(message)"
    }

    /// A problem with a value `segue msg set` gave: `set: message`.
    public static func setting(_ message: String) -> Diagnostic {
        Diagnostic(path: "set", line: 0, column: nil, message: message)
    }
}

/// A problem in an effect shader file.
public typealias ShaderSourceError = Diagnostic
