/// `[keys]`: the bindings the input backends act on.
public struct KeyBindings: Sendable, Equatable {
    public var switchNext: KeyChord
    public var switchPrev: KeyChord
    /// Back to the window shown before this one, and again back: unbound unless the config binds it.
    public var switchPrevious: KeyChord?
    /// Asks the shown window to close; closing it pops back to the one before.
    public var close: KeyChord

    public init(switchNext: KeyChord, switchPrev: KeyChord, switchPrevious: KeyChord? = nil, close: KeyChord) {
        self.switchNext = switchNext
        self.switchPrev = switchPrev
        self.switchPrevious = switchPrevious
        self.close = close
    }

    public static let defaults = KeyBindings(switchNext: try! KeyChord(parsing: "Alt+Tab"),
                                             switchPrev: try! KeyChord(parsing: "Alt+Shift+Tab"),
                                             close: try! KeyChord(parsing: "Alt+F4"))
}
