/// One problem in a config file (or in a shader it names), located the way
/// compilers do so that editors can jump to it.
public struct ConfigDiagnostic: Sendable, Equatable, CustomStringConvertible {
    public let path: String
    /// 1-based.
    public let line: Int
    /// 1-based, counted in Unicode scalars.
    public let column: Int
    public let message: String

    public init(path: String, line: Int, column: Int, message: String) {
        self.path = path
        self.line = line
        self.column = column
        self.message = message
    }

    public var description: String { "\(path):\(line):\(column): \(message)" }
}
