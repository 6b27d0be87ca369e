/// A value that cannot be read (a glob, a key chord); the message says why
/// and what would be accepted.
public struct ConfigValueError: Error, Sendable, Equatable, CustomStringConvertible {
    public let message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
