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

    public init(switchNext: KeyChord? = nil, switchPrev: KeyChord? = nil, switchPrevious: KeyChord? = nil, close: KeyChord) {
        self.switchNext = switchNext
        self.switchPrev = switchPrev
        self.switchPrevious = switchPrevious
        self.close = close
    }

    public static let defaults = KeyBindings(close: try! KeyChord(parsing: "Alt+F4"))
}
