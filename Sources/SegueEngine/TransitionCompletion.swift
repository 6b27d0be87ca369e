/// The one report a transition gives when it ends.
public struct TransitionCompletion: Sendable, Equatable {
    public let id: UInt64
    public let effect: String
    public let direction: TransitionDirection
    public let outcome: TransitionState
    /// The planned duration in seconds.
    public let duration: Double
    public let statistics: FrameStatistics

    package init(id: UInt64, effect: String, direction: TransitionDirection, outcome: TransitionState,
                duration: Double, statistics: FrameStatistics) {
        self.id = id
        self.effect = effect
        self.direction = direction
        self.outcome = outcome
        self.duration = duration
        self.statistics = statistics
    }
}
