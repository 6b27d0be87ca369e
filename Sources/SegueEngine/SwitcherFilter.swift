/// Which windows the held switcher lists: every open window, or those of the
/// shown window's app (by app id) alone.
public enum SwitcherFilter: String, Sendable, CaseIterable {
    case all
    case appID = "app-id"
}
