/// Rotate as layers: the background colour, then `to` and `from` turned about
/// the output's top-left corner, a quarter turn apart, so they never overlap.
/// Two turned quads and a fill a frame.
struct RotateLayers: LayeredEffect {
    func layers(progress: Double, width: Int, height: Int, values: [String: ParameterValue]) -> [EffectLayer] {
        let full = LayerRect(x: 0, y: 0, width: Double(width), height: Double(height))
        // A spring overshoots a little; beyond a turn either way nothing new shows.
        let p = progress.clamped(to: -4...5)
        if p == 0 { return [EffectLayer(.from, frame: full)] }
        if p == 1 { return [EffectLayer(.to, frame: full)] }
        let quarterTurn = Double.pi / 2
        return [
            EffectLayer(.color(values.numbers("background", or: [0, 0, 0])), frame: full),
            EffectLayer(.to, frame: full, rotation: LayerRotation(angle: (p - 1) * quarterTurn, pivotX: 0, pivotY: 0)),
            EffectLayer(.from, frame: full, rotation: LayerRotation(angle: p * quarterTurn, pivotX: 0, pivotY: 0)),
        ]
    }
}
