import Foundation

/// Circle punch-out as layers. While the hole is small: `from` copied, `to`
/// inside the circle, and the shadow inside its edge. Once it covers more
/// than half the output: `to` copied, the shadow, and `from` outside the circle.
/// Either way the textured mesh covers the smaller part.
struct CircleRevealLayers: LayeredEffect {
    func layers(progress: Double, width: Int, height: Int, values: [String: ParameterValue]) -> [EffectLayer] {
        let w = Double(width), h = Double(height)
        let full = LayerRect(x: 0, y: 0, width: w, height: h)
        let p = progress.clamped(to: -1...2)
        let startSize = values.number("startSize", or: 4, in: 0...4096)
        let endScale = values.number("endScale", or: 1.2, in: 0.1...10)
        let shadowRadius = values.number("shadowRadius", or: 6, in: 0...256)
        let shadowOpacity = values.number("shadowOpacity", or: 1, in: 0...1)
        let centre = values.numbers("center", or: [0.5, 0.5])
        // As the shader: the hole ends beyond every corner, shadow included.
        let cx = centre[0] * w, cy = centre[1] * h
        let sigma = max(shadowRadius * 0.5, 1e-3)
        let corner = hypot(max(cx, w - cx), max(cy, h - cy))
        let endRadius = max(0.5 * endScale * max(w, h), corner + 4 * sigma)
        let radius = p > 0 ? 0.5 * startSize + (endRadius - 0.5 * startSize) * p : 0
        guard radius > 0 else { return [EffectLayer(.from, frame: full)] }
        guard p < 1 else { return [EffectLayer(.to, frame: full)] }
        let circle = LayerCircle(centerX: cx, centerY: cy, radius: radius)
        let shadow = EffectLayer(.color(red: 0, green: 0, blue: 0), frame: full,
                           mask: .innerShadow(circle, sigma: sigma, opacity: shadowOpacity))
        let shadows = shadowOpacity > 0 ? [shadow] : []
        if Double.pi * radius * radius < w * h / 2 {
            return [EffectLayer(.from, frame: full), EffectLayer(.to, frame: full, mask: .circle(circle))] + shadows
        }
        return [EffectLayer(.to, frame: full)] + shadows + [EffectLayer(.from, frame: full, mask: .outsideCircle(circle))]
    }
}
