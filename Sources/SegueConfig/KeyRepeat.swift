/// `[keys]` `repeat-rate` and `repeat-delay`: how a held key repeats in
/// clients. Nil where the file says nothing: nested, the parent's, else
/// Segue's own 25 a second after 600 ms.
public struct KeyRepeat: Sendable, Equatable {
    /// Repeats a second, 0 for none, as wl_keyboard.repeat_info has it.
    public static let rateRange = 0...1000
    /// Milliseconds a key is held before it repeats.
    public static let delayRange = 1...10_000

    public var rate: Int?
    public var delay: Int?

    public init(rate: Int? = nil, delay: Int? = nil) {
        self.rate = rate
        self.delay = delay
    }
}
