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
}
