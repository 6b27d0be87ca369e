import SegueEngine

/// `[switcher]`: the window switcher a person holds (Alt+Tab), its timing,
/// its look and the chords that open it.
public struct SwitcherSettings: Sendable, Equatable {
    public var enabled = true
    /// Seconds a window must be shown, without input, to move up in the order
    /// windows were last shown (so windows passed on the way do not).
    public var debounce = 0.75
    /// Seconds between the first press and the overlay: a quicker tap switches without it.
    public var openDelay = 0.15
    /// The tallest a preview is drawn, in surface units.
    public var maxHeight = 180
    /// The largest a preview is drawn, as a fraction of the output.
    public var maxScale = 0.3
    /// The selected preview's frame.
    public var highlight = OutputSettings.Colour(red: 0x35 / 255.0, green: 0x84 / 255.0, blue: 0xe4 / 255.0)
    /// Space around each preview, inside its frame, in surface units.
    public var padding = 10
    /// The frame's corner radius, in surface units.
    public var radius = 12
    /// How far the shown window darkens behind the previews, 0...1.
    public var dim = 0.5
    /// Which windows the `next` and `prev` chords and a request that names
    /// none list (the same-app chords list the shown window's app alone).
    public var filter = SwitcherFilter.all
    /// Whose windows it lists: every workspace's (the shown one's first), or the shown workspace's alone.
    public var scope = SwitcherScope.all
    /// Chords that open it or step on (or back), over every window or over
    /// those of the shown window's app.
    public var next = [try! KeyChord(parsing: "Alt+Tab"), try! KeyChord(parsing: "Super+Tab")]
    public var prev = [try! KeyChord(parsing: "Alt+Shift+Tab"), try! KeyChord(parsing: "Super+Shift+Tab")]
    public var nextSameApp = [try! KeyChord(parsing: "Alt+grave")]
    public var prevSameApp = [try! KeyChord(parsing: "Alt+Shift+grave")]

    public static let maxHeightRange = 32...2048
    public static let maxScaleRange = 0.05...1.0
    public static let spacingRange = 0...64

    public init() {}
}

/// Which workspaces' windows the switcher lists.
public enum SwitcherScope: String, Sendable {
    case all, workspace
}
