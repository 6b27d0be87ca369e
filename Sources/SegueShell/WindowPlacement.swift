/// Where windows go on the output.
public enum WindowPlacement: String, Sendable {
    /// Segue's own: one window shown at a time, fullscreen (centred when it is
    /// smaller), and a transition whenever the shown window changes.
    case stacked
    /// Every window at the position it was given (the top left until then),
    /// at the size its client picks, stacked in the order they were shown and
    /// shown without transitions; a click raises and focuses a window. For
    /// conformance tests, whose clients place windows and point at them.
    case free
}
