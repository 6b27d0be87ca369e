/// Crossfade as layers: `to` copied, `from` over it at 1 − progress.
struct CrossfadeLayers: LayeredEffect {
    func layers(progress: Double, width: Int, height: Int, values: [String: ParameterValue]) -> [EffectLayer] {
        let full = LayerRect(x: 0, y: 0, width: Double(width), height: Double(height))
        let p = progress.clamped(to: 0...1)
        if p <= 0 { return [EffectLayer(.from, frame: full)] }
        var layers = [EffectLayer(.to, frame: full)]
        if p < 1 { layers.append(EffectLayer(.from, frame: full, opacity: 1 - p)) }
        return layers
    }
}
