/// Slide as layers: `from` moved left by `progress` screens, `to` right behind
/// it, both by whole pixels, and the background colour in the strip a spring's
/// overshoot uncovers. Two copies and at most one fill a frame.
struct SlideLayers: LayeredEffect {
    var drawsCopiesOnly: Bool { true }

    func layers(progress: Double, width: Int, height: Int, values: [String: ParameterValue]) -> [EffectLayer] {
        let w = Double(width), h = Double(height)
        // As the shader: the shift in whole pixels (rounded half up), within a screen of either end.
        let shift = (progress.clamped(to: -1...2) * w + 0.5).rounded(.down)
        var layers: [EffectLayer] = []
        let colour = EffectLayer.Content.color(values.numbers("background", or: [0, 0, 0]))
        if shift < 0 { layers.append(EffectLayer(colour, frame: LayerRect(x: 0, y: 0, width: -shift, height: h))) }
        if shift > w { layers.append(EffectLayer(colour, frame: LayerRect(x: 2 * w - shift, y: 0, width: shift - w, height: h))) }
        if shift < w { layers.append(EffectLayer(.from, frame: LayerRect(x: -shift, y: 0, width: w, height: h))) }
        if shift > 0 { layers.append(EffectLayer(.to, frame: LayerRect(x: w - shift, y: 0, width: w, height: h))) }
        return layers
    }
}
