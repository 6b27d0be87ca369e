import SegueEngine

/// What one event plays: an effect (or a random pick, or nothing) and the
/// settings the config gives it. Unset duration and curve mean the effect's own.
public struct TransitionChoice: Sendable, Equatable {
    public enum Effect: Sendable, Equatable {
        case named(String)
        /// A fresh pick among `choices` for every transition; never empty, never "none".
        case random(choices: [String])
        /// Instant: the new window just appears.
        case none
    }

    public var effect: Effect
    public var duration: Double?
    public var curve: TimingCurve?
    /// By parameter name (`column-width`); those the played effect lacks are left out.
    public var parameters: [String: ParameterValue]

    public init(effect: Effect, duration: Double? = nil, curve: TimingCurve? = nil,
                parameters: [String: ParameterValue] = [:]) {
        self.effect = effect
        self.duration = duration
        self.curve = curve
        self.parameters = parameters
    }

    /// The keys `partial` sets replace these one by one; parameters merge by name.
    public func applying(_ partial: PartialChoice) -> TransitionChoice {
        var result = self
        if let effect = partial.effect { result.effect = effect }
        if let duration = partial.duration { result.duration = duration }
        if let curve = partial.curve { result.curve = curve }
        result.parameters.merge(partial.parameters) { _, new in new }
        return result
    }
}
