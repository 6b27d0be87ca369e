/// The display's presentation timeline, which transitions sample so each frame shows the state at the moment it reaches the screen.
public protocol FrameClock: AnyObject {
    /// Seconds between presentations.
    var refreshInterval: Double { get }
    var lastPresentation: Instant { get }
    /// Counts presentations; lets callers notice skipped frames.
    var lastSequence: UInt64 { get }
}

extension FrameClock {
    public func predictedNextPresentation() -> Instant {
        lastPresentation + refreshInterval
    }
}
