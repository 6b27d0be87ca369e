import SegueEngine

/// What to play for one transition, and why.
public struct Resolution: Sendable {
    /// Nil means instant: `effect = "none"`, or an effect that is not registered.
    public var settings: EffectSettings?
    public var direction: TransitionDirection
    /// The rule that chose it, if one did.
    public var rule: Rule?
    /// For logs and IPC, e.g. `rule 2 (config.toml:14)`, `[transitions.switch]`, `reduce-motion`.
    public var reason: String
    /// Reduce-motion's crossfade: what asked for the transition may not lengthen or change it.
    public var motionReduced = false

    public init(settings: EffectSettings?, direction: TransitionDirection, rule: Rule?, reason: String) {
        self.settings = settings
        self.direction = direction
        self.rule = rule
        self.reason = reason
    }
}
