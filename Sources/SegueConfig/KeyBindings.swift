/// `[keys]`: the bindings the input backends act on. A chord bound here is
/// taken before the switcher's: Alt+Tab is the switcher's unless the config
/// gives it to `switch-next` here.
public struct KeyBindings: Sendable, Equatable {
    /// The next or previous window in opening order: unbound unless the config binds them.
    public var switchNext: KeyChord?
    public var switchPrev: KeyChord?
    /// Back to the window shown before this one, and again back: unbound unless the config binds it.
    public var switchPrevious: KeyChord?
    /// Asks the shown window to close; closing it pops back to the one before.
    public var close: KeyChord
    /// Shows workspace N, the first for 1 (Super+N), and moves the shown window there (Super+Shift+N).
    public var workspace: [KeyChord]
    public var moveToWorkspace: [KeyChord]
    /// The workspace after and before the shown one (Super+Page_Down, Super+Page_Up).
    public var workspaceNext: KeyChord
    public var workspacePrev: KeyChord
    /// Minimizes the shown window (Super+H, as GNOME hides one); restores the one minimized last (Super+Shift+H).
    public var minimize: KeyChord
    public var restore: KeyChord
    /// Maximizes the shown window or unmaximizes it (Super+Up; free placement
    /// only), and makes it fullscreen or leaves it (Super+F, as sway's).
    public var maximize: KeyChord
    public var fullscreen: KeyChord
    /// How many workspaces have keys of their own.
    public static let numberedWorkspaces = 1...9

    public init(switchNext: KeyChord? = nil, switchPrev: KeyChord? = nil, switchPrevious: KeyChord? = nil, close: KeyChord) {
        self.switchNext = switchNext
        self.switchPrev = switchPrev
        self.switchPrevious = switchPrevious
        self.close = close
        workspace = Self.numberedWorkspaces.map { try! KeyChord(parsing: "Super+\($0)") }
        moveToWorkspace = Self.numberedWorkspaces.map { try! KeyChord(parsing: "Super+Shift+\($0)") }
        workspaceNext = try! KeyChord(parsing: "Super+Page_Down")
        workspacePrev = try! KeyChord(parsing: "Super+Page_Up")
        minimize = try! KeyChord(parsing: "Super+H")
        restore = try! KeyChord(parsing: "Super+Shift+H")
        maximize = try! KeyChord(parsing: "Super+Up")
        fullscreen = try! KeyChord(parsing: "Super+F")
    }

    public static let defaults = KeyBindings(close: try! KeyChord(parsing: "Alt+F4"))

    /// Each binding by its `[keys]` name, in the order they are checked for clashes.
    public var named: [(name: String, chord: KeyChord?)] {
        [("switch-next", switchNext), ("switch-prev", switchPrev), ("switch-previous", switchPrevious), ("close", close)]
            + Self.numberedWorkspaces.map { ("workspace-\($0)", workspace[$0 - 1]) }
            + Self.numberedWorkspaces.map { ("move-to-workspace-\($0)", moveToWorkspace[$0 - 1]) }
            + [("workspace-next", workspaceNext), ("workspace-prev", workspacePrev), ("minimize", minimize), ("restore", restore),
               ("maximize", maximize), ("fullscreen", fullscreen)]
    }
}
