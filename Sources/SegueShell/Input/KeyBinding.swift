import CXKBCommon
import SegueConfig
import SegueWayland

/// A config key chord such as "Alt+Shift+Tab" resolved against xkb: the keysym
/// its key names and its modifiers. It matches a key whose unshifted keysym is
/// the binding's, held with exactly its modifiers (Caps Lock and Num Lock aside).
struct KeyBinding: Equatable {
    struct UnknownKey: Error, CustomStringConvertible {
        let description: String
    }

    let modifiers: KeyModifiers
    let keysym: UInt32

    init(modifiers: KeyModifiers, keysym: UInt32) {
        self.modifiers = modifiers
        self.keysym = keysym
    }

    /// The chord's key is one character ("q", "ä") or a keysym name ("Tab", "Page_Up"), in any case.
    init(_ chord: KeyChord) throws(UnknownKey) {
        let scalars = chord.key.unicodeScalars
        let named = scalars.count == 1 ? xkb_utf32_to_keysym(scalars.first!.value)
            : xkb_keysym_from_name(chord.key, XKB_KEYSYM_CASE_INSENSITIVE)
        guard named != UInt32(XKB_KEY_NoSymbol) else {
            throw UnknownKey(description: "key binding \"\(chord.text)\": xkb knows no key named '\(chord.key)'")
        }
        let modifiers = chord.modifiers.reduce(into: KeyModifiers()) { $0.insert(KeyModifiers($1)) }
        // Keys are matched by what they give unshifted, which for letters is lower case.
        self.init(modifiers: modifiers, keysym: xkb_keysym_to_lower(named))
    }

    func matches(keysym: UInt32, modifiers: KeyModifiers) -> Bool {
        keysym == self.keysym && modifiers == self.modifiers
    }
}

extension KeyModifiers {
    /// The xkb modifier a config's modifier name means.
    init(_ modifier: KeyChord.Modifier) {
        switch modifier {
        case .shift: self = .shift
        case .ctrl: self = .control
        case .alt: self = .alt
        case .super: self = .logo
        }
    }
}
