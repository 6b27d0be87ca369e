/// One step of the window switcher a person holds (Alt+Tab), as keys,
/// clicks and `segue msg switcher` take it.
public enum SwitcherStep: Equatable, Sendable {
    /// Opens it, selecting the second most recently shown window; with
    /// `sameApp`, over the windows of the shown window's app alone. Held
    /// already, it does nothing.
    case open(sameApp: Bool)
    /// Selects the next (or previous) window; closed, opens it as the first
    /// press does (going back, on the least recently shown window).
    case next(sameApp: Bool)
    case prev(sameApp: Bool)
    /// Lets go: one switch to the selection.
    case commit
    /// Lets go: nothing plays.
    case cancel

    var name: String {
        switch self {
        case .open: "open"
        case .next: "next"
        case .prev: "prev"
        case .commit: "commit"
        case .cancel: "cancel"
        }
    }

    /// Whether it lists the shown window's app alone.
    public var sameApp: Bool {
        switch self {
        case .open(let same), .next(let same), .prev(let same): same
        case .commit, .cancel: false
        }
    }
}
