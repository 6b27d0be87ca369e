/// `[keys]`: the bindings the input backends act on.
public struct KeyBindings: Sendable, Equatable {
    public var switchNext: KeyChord
    public var switchPrev: KeyChord

    public init(switchNext: KeyChord, switchPrev: KeyChord) {
        self.switchNext = switchNext
        self.switchPrev = switchPrev
    }

    public static let defaults = KeyBindings(switchNext: try! KeyChord(parsing: "Alt+Tab"),
                                             switchPrev: try! KeyChord(parsing: "Alt+Shift+Tab"))
}
