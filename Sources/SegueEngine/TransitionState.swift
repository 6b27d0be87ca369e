public enum TransitionState: String, Sendable, Equatable {
    /// Created, no frame drawn yet.
    case pending
    case running
    /// Its final frame was presented.
    case finished
    /// Stopped on request; the caller decides what the screen shows.
    case cancelled
    /// Replaced by a newer transition that started from what was on screen.
    case interrupted

    public var isDone: Bool { self == .finished || self == .cancelled || self == .interrupted }
}
