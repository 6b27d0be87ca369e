/// A failed exchange with the compositor, as one line for a person to read.
public struct IPCError: Error, Equatable, Sendable, CustomStringConvertible {
    public let message: String

    public init(_ message: String) { self.message = message }

    public var description: String { message }
}
