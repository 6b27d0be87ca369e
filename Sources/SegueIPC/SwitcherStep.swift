import SegueEngine

/// One step of the window switcher a person holds (Alt+Tab), as keys,
/// clicks and `segue msg switcher` take it.
public enum SwitcherStep: Equatable, Sendable {
    /// Opens it, selecting the second most recently shown window, over the
    /// windows `filter` lists (nil: the config's `[switcher] filter`). Held
    /// already, it does nothing.
    case open(filter: SwitcherFilter?)
    /// Selects the next (or previous) window; closed, opens it as the first
    /// press does (going back, on the least recently shown window).
    case next(filter: SwitcherFilter?)
    case prev(filter: SwitcherFilter?)
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

    /// Which windows it lists, where it says.
    public var filter: SwitcherFilter? {
        switch self {
        case .open(let filter), .next(let filter), .prev(let filter): filter
        case .commit, .cancel: nil
        }
    }

    /// The step named `name` (open, next, prev, commit or cancel) with
    /// `filter`, which only those that open take; nil for another name.
    public init?(_ name: String, filter: SwitcherFilter?) throws(IPCError) {
        switch name {
        case "open": self = .open(filter: filter)
        case "next": self = .next(filter: filter)
        case "prev": self = .prev(filter: filter)
        case "commit", "cancel":
            guard filter == nil else { throw IPCError("switcher \(name) takes no \"filter\"") }
            self = name == "commit" ? .commit : .cancel
        default:
            return nil
        }
    }
}
