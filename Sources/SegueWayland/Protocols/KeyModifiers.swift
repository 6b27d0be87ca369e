import CXKBCommon

/// The modifiers key bindings care about, as the seat's xkb state reports them.
package struct KeyModifiers: OptionSet, Hashable {
    package let rawValue: UInt8
    package init(rawValue: UInt8) { self.rawValue = rawValue }
    package static let shift = KeyModifiers(rawValue: 1)
    package static let control = KeyModifiers(rawValue: 2)
    package static let alt = KeyModifiers(rawValue: 4)
    package static let logo = KeyModifiers(rawValue: 8)

    /// xkb's names for the modifiers.
    static let xkbNames: [(String, KeyModifiers)] = [
        (XKB_MOD_NAME_SHIFT, .shift), (XKB_MOD_NAME_CTRL, .control), (XKB_MOD_NAME_ALT, .alt), (XKB_MOD_NAME_LOGO, .logo),
    ]
}
