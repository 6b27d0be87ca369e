/// What made the shown window change.
public enum TransitionEvent: String, Sendable, CaseIterable, Codable {
    /// A window mapped and was pushed: plays forward.
    case open
    /// Switched to another open window: plays forward.
    case `switch`
    /// The shown window closed and the previous one returns: plays in reverse.
    case close
    /// Another workspace shows: from the window shown to the one shown there (or the background).
    case workspace
    /// The shown window was minimized and the one shown before it returns: plays forward.
    case minimize
    /// A minimized window comes back: plays in reverse, so the minimize is undone.
    case restore

    public var direction: TransitionDirection { self == .close || self == .restore ? .reverse : .forward }
}
