/// Doom melt as layers: `to` copied, and `from` cut into columns, each moved
/// down by whole pixels. Neighbouring columns that move alike are one copy.
/// The arithmetic is the shader's, in single precision and in the same order,
/// with the same integer hash, so both forms move every column alike.
struct DoomMeltLayers: LayeredEffect {
    func layers(progress: Double, width: Int, height: Int, values: [String: ParameterValue]) -> [EffectLayer] {
        let full = LayerRect(x: 0, y: 0, width: Double(width), height: Double(height))
        let startSpeed = Float(values.number("startSpeed", or: 2.7, in: 0.1...100))
        let meltSpeed = Float(values.number("meltSpeed", or: 1, in: 0.01...100))
        let startOffset = Float(values.number("startOffset", or: 0.35, in: 0...1))
        let columnWidth = Float(values.number("columnWidth", or: 2, in: 1...512))
        let p = Float(progress.clamped(to: 0...2))
        let t = p * (1 / startSpeed + 1 / meltSpeed)
        let velocity = min(startSpeed * t, 1)
        let melting = velocity >= 1 ? meltSpeed * (t - 1 / startSpeed) : 0
        let w = Float(width), h = Float(height)
        let offsets = (0..<width).map { x -> Int in
            let column = ((Float(x) + 0.5) / w * w / columnWidth).rounded(.down)
            let shift = velocity * startOffset * Self.noise(column) + melting
            return Int(min(max((shift * h + 0.5).rounded(.down), 0), h))
        }
        if offsets.allSatisfy({ $0 == 0 }) { return [EffectLayer(.from, frame: full)] }
        if offsets.allSatisfy({ $0 >= height }) { return [EffectLayer(.to, frame: full)] }
        return [EffectLayer(.to, frame: full), EffectLayer(.from, frame: full, mask: .columns(offsets: offsets))]
    }

    /// doom-melt.glsl's columnNoise: a 32-bit integer hash of the column, 0..<1.
    static func noise(_ column: Float) -> Float {
        var h = UInt32(column) &+ 0x9e37_79b9
        h = (h ^ (h >> 16)) &* 0x7feb_352d
        h = (h ^ (h >> 15)) &* 0x846c_a68b
        h ^= h >> 16
        return Float(h >> 8) / 16_777_216
    }
}
