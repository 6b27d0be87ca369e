import SegueEngine

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

    /// Applies the choices to the settings the config picked. The rectangle
    /// goes to the effect's `rect` parameter, as fractions of the output;
    /// effects without one ignore it.
    package func adjust(_ settings: inout EffectSettings, outputWidth: Int, outputHeight: Int) {
        if let duration { settings.duration = duration }
        if let rect = sourceRect {
            let w = Double(outputWidth), h = Double(outputHeight)
            let value = [Double(rect.x) / w, Double(rect.y) / h, Double(rect.width) / w, Double(rect.height) / h]
            try? settings.set("rect", to: value.map { "\($0)" }.joined(separator: ","))
        }
    }
}
