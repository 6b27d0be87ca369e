import SegueEngine

/// The keys of a `[[rules]]` entry or an `[effects.NAME]` table that set what
/// plays; each left out keeps what the layer below decided.
public struct PartialChoice: Sendable, Equatable {
    public var effect: TransitionChoice.Effect?
    public var duration: Double?
    public var curve: TimingCurve?
    public var parameters: [String: ParameterValue]

    public init(effect: TransitionChoice.Effect? = nil, duration: Double? = nil, curve: TimingCurve? = nil,
                parameters: [String: ParameterValue] = [:]) {
        self.effect = effect
        self.duration = duration
        self.curve = curve
        self.parameters = parameters
    }
}
