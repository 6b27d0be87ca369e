import SegueConfig
import SegueIPC
import SegueWayland

/// Which held keys went where: a key whose press was a key binding keeps its
/// release too; one whose press went to a client gets its release there.
struct KeyboardRouting {
    /// Keys whose press went to a client.
    var forwarded: Set<UInt32> = []
    /// Keys whose press was a binding.
    var bound: Set<UInt32> = []
    /// The config's bindings as last resolved against xkb, redone when they change.
    var resolved: (keys: KeyBindings, bindings: [(binding: KeyBinding, action: Action)])?
    /// The switcher's chords as last resolved, each with the step its first press takes.
    var switcherResolved: (settings: SwitcherSettings, bindings: [(binding: KeyBinding, step: SwitcherStep)])?
    /// The modifiers that hold the switcher open (its chord's, Shift aside): letting one go commits.
    var switcherHeldBy: KeyModifiers?

    /// `key`'s press was a binding (the compositor's, its release too), or went to a client.
    mutating func pressed(_ key: UInt32, bound: Bool) {
        if bound { self.bound.insert(key) } else { forwarded.insert(key) }
    }

    /// `key` was let go: whether its release goes to a client (its press did).
    mutating func released(_ key: UInt32) -> Bool {
        bound.remove(key)
        return forwarded.remove(key) != nil
    }

    /// The keyboard left Segue's window: the keys whose presses went to
    /// clients, to be let go there, in order; nothing is held any more.
    mutating func focusLost() -> [UInt32] {
        defer { self = KeyboardRouting(resolved: resolved, switcherResolved: switcherResolved) }
        return forwarded.sorted()
    }
}
