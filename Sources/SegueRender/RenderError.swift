/// A renderer failure, worded for the person who has to act on it.
public struct RenderError: Error, CustomStringConvertible, Equatable {
    public let message: String
    /// For a shader the driver refused, its problems as `file:line:col: message`
    /// lines in the user's files, which `message` heads; empty otherwise.
    public let located: [String]

    public init(_ message: String, located: [String] = []) {
        self.message = message
        self.located = located
    }

    public var description: String {
        located.isEmpty ? message : message + "\n" + located.map { "  " + $0 }.joined(separator: "\n")
    }
}
