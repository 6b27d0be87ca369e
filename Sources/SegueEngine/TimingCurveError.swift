/// A timing curve or duration that could not be read; the message names the problem and the accepted forms.
public struct TimingCurveError: Error, Equatable, CustomStringConvertible {
    public let message: String

    public init(message: String) {
        self.message = message
    }

    public var description: String {
        message
    }
}
