import CXKBCommon
import SegueConfig
import SegueWayland

/// A config key chord such as "Alt+Shift+Tab" resolved against xkb: the keysym
/// its key names and its modifiers. It matches a key whose unshifted keysym is
/// the binding's, held with exactly its modifiers (Caps Lock and Num Lock aside).
struct KeyBinding: Equatable {
    let modifiers: KeyModifiers
    let keysym: UInt32

    init(modifiers: KeyModifiers, keysym: UInt32) {
        self.modifiers = modifiers
        self.keysym = keysym
    }

    /// The chord's key is one character ("q", "ä") or a keysym name ("Tab", "Page_Up"), in any case.
    init(_ chord: KeyChord) {
        let modifiers = chord.modifiers.reduce(into: KeyModifiers()) { $0.insert(KeyModifiers($1)) }
        // Keys are matched by what they give unshifted, which for letters is lower case.
        self.init(modifiers: modifiers, keysym: xkb_keysym_to_lower(chord.keysym))
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
