/// Hero zoom as layers: `from` copied, and `to` over it in a rectangle growing
/// from `rect` to the output, cropped to keep its aspect (aspect-fill), fading
/// in over the first `fadeIn` of the progress, sampled through mipmaps.
struct ZoomLayers: LayeredEffect {
    func layers(progress: Double, width: Int, height: Int, values: [String: ParameterValue]) -> [EffectLayer] {
        let w = Double(width), h = Double(height)
        let full = LayerRect(x: 0, y: 0, width: w, height: h)
        let p = progress.clamped(to: -1...2)
        let rect = values.numbers("rect", or: [0.25, 0.25, 0.5, 0.5])
        let fadeIn = values.number("fadeIn", or: 0.1, in: 0...1)
        let alpha = fadeIn > 0 ? min(max(p / fadeIn, 0), 1) : 1
        guard alpha > 0 else { return [EffectLayer(.from, frame: full)] }
        // As the shader: fractions of the output, from the top-left.
        let x = rect[0] * (1 - p), y = rect[1] * (1 - p)
        let sizeX = max(rect[2] + (1 - rect[2]) * p, 1e-6), sizeY = max(rect[3] + (1 - rect[3]) * p, 1e-6)
        let ratio = w / h, rectAspect = ratio * sizeX / sizeY
        let (scaleX, scaleY) = rectAspect > ratio ? (1, ratio / rectAspect) : (rectAspect / ratio, 1.0)
        let grown = EffectLayer(.to, frame: LayerRect(x: x * w, y: y * h, width: sizeX * w, height: sizeY * h),
                          source: LayerRect(x: 0.5 - scaleX / 2, y: 0.5 - scaleY / 2, width: scaleX, height: scaleY),
                          opacity: alpha, mipmapped: true)
        return [EffectLayer(.from, frame: full), grown]
    }
}
