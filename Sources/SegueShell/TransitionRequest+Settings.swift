import SegueEngine
import SegueWayland

extension TransitionRequest {
    /// Applies the choices to the settings the config picked. The rectangle
    /// goes to the effect's `rect` parameter, as fractions of the output;
    /// effects without one ignore it.
    func adjust(_ settings: inout EffectSettings, outputWidth: Int, outputHeight: Int) {
        if let duration { settings.duration = duration }
        if let rect = sourceRect {
            let w = Double(outputWidth), h = Double(outputHeight)
            let value = [Double(rect.x) / w, Double(rect.y) / h, Double(rect.width) / w, Double(rect.height) / h]
            try? settings.set("rect", to: value.map { "\($0)" }.joined(separator: ","))
        }
    }
}
