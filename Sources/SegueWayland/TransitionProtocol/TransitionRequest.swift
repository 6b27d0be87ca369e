/// What a segue_transition_v1 client chose before `start`; unset fields come
/// from the config.
package struct TransitionRequest {
    package var effect: String?
    package var sourceRect: SourceRect?
    /// Seconds.
    package var duration: Double?

    package init(effect: String? = nil, sourceRect: SourceRect? = nil, duration: Double? = nil) {
        self.effect = effect
        self.sourceRect = sourceRect
        self.duration = duration
    }
}
