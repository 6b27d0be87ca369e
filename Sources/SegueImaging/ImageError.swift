/// A failure to read or write an image, as one line naming the file involved.
public struct ImageError: Error, CustomStringConvertible {
    public let message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
