import SegueEngine

/// A key binding such as `Alt+Shift+Tab`: modifiers, then one key named as
/// xkbcommon names keysyms (`Tab`, `Return`, `F5`, `a`, `grave`).
public struct KeyChord: Sendable, Equatable, CustomStringConvertible {
    public enum Modifier: String, Sendable, CaseIterable {
        case ctrl, alt, shift, `super`
    }

    /// As written in the config.
    public let text: String
    public let modifiers: Set<Modifier>
    public let key: String
    /// The xkb keysym the key names.
    public let keysym: UInt32

    static let modifierNames: [String: Modifier] = [
        "ctrl": .ctrl, "control": .ctrl, "alt": .alt, "shift": .shift, "super": .super, "logo": .super,
    ]

    public init(parsing text: String) throws(ConfigValueError) {
        let parts = text.split(separator: "+", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }
        guard let key = parts.last, !key.isEmpty, !parts.contains(where: \.isEmpty) else {
            throw ConfigValueError("key binding \"\(text)\" is not MODIFIER+KEY, e.g. \"Alt+Tab\" (write '+' as \"plus\")")
        }
        var modifiers = Set<Modifier>()
        for name in parts.dropLast() {
            guard let modifier = Self.modifierNames[name.lowercased()] else {
                throw ConfigValueError("unknown modifier '\(name)' in \"\(text)\"; use Alt, Shift, Ctrl, Super or Logo")
            }
            guard modifiers.insert(modifier).inserted else {
                throw ConfigValueError("modifier '\(name)' appears twice in \"\(text)\"")
            }
        }
        guard Self.modifierNames[key.lowercased()] == nil else {
            throw ConfigValueError("key binding \"\(text)\" ends in a modifier; name a key after it, e.g. \"Alt+Tab\"")
        }
        // A keysym name is one character or a word like Page_Up; anything else is a typo.
        guard key.count == 1 || key.unicodeScalars.allSatisfy(Self.isKeysymNameCharacter) else {
            throw ConfigValueError(
                "'\(key)' in \"\(text)\" is not a key name; use one character or a name like Tab, Return, F5, Page_Up")
        }
        // Looked up now, as a key press would: a typo is found at load, not at the first press.
        guard let keysym = KeyNames.keysym(key) else {
            let suggestion = EditDistance.nearest(to: key, in: KeyNames.all).map { "; did you mean \"\(text.dropLast(key.count))\($0)\"?" }
            throw ConfigValueError("xkb knows no key named '\(key)' in \"\(text)\"" + (suggestion ?? ""))
        }
        self.text = text
        self.modifiers = modifiers
        self.key = key
        self.keysym = keysym
    }

    private static func isKeysymNameCharacter(_ c: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(c) || ("A"..."Z").contains(c) || ("0"..."9").contains(c) || c == "_"
    }

    public var description: String { text }
}
