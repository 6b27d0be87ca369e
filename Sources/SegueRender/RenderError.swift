/// A renderer failure, worded for the person who has to act on it.
public struct RenderError: Error, CustomStringConvertible, Equatable {
    public let message: String

    public init(_ message: String) { self.message = message }

    public var description: String { message }
}
