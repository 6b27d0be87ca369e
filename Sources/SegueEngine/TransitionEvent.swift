/// What made the shown window change.
public enum TransitionEvent: String, Sendable, CaseIterable, Codable {
    /// A window mapped and was pushed: plays forward.
    case open
    /// Switched to another open window: plays forward.
    case `switch`
    /// The shown window closed and the previous one returns: plays in reverse.
    case close

    public var direction: TransitionDirection { self == .close ? .reverse : .forward }
}
