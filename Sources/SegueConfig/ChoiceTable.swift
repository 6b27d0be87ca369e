import SegueEngine

/// How to read a table of choice keys (`effect`, `duration`, `easing`, `spring`,
/// parameters) in one place of the file.
struct ChoiceTable {
    /// For messages: `[transitions.switch]`, `rule 2`, `[effects.iris]`.
    let context: String
    /// Keys the caller reads itself, such as a rule's match keys.
    let ownKeys: [String]
    /// `[effects.NAME]` is an effect; it cannot pick another.
    let allowsEffect: Bool
    /// Whose parameters the keys may set when the table names no effect;
    /// nil when that is unknown and parameters cannot be checked.
    let inheritedEffects: [String]?

    var settingKeys: [String] { (allowsEffect ? ["effect", "choices"] : []) + ["duration", "easing", "spring"] }
}
