/// Magic lamp as layers: `to` copied, and `from` cut into strips across the
/// flow (toward the edge `rect` is nearest), each strip one rectangle
/// stretched over the funnel's width at its middle and moved along as the
/// screen slides into `rect`. The arithmetic is lamp.glsl's.
struct LampLayers: LayeredEffect {
    func layers(progress: Double, width: Int, height: Int, values: [String: ParameterValue]) -> [EffectLayer] {
        let w = Double(width), h = Double(height)
        let full = LayerRect(x: 0, y: 0, width: w, height: h)
        let p = progress.isNaN ? 1 : progress.clamped(to: 0...1)
        if p <= 0 { return [EffectLayer(.from, frame: full)] }
        if p >= 1 { return [EffectLayer(.to, frame: full)] }
        let rect = values.numbers("rect", or: [0.45, 0.96, 0.1, 0.04])
        let bend = values.number("bend", or: 0.4, in: 0.05...1)
        let stripHeight = values.number("stripHeight", or: 4, in: 1...64)
        let flow = Flow(towardCentreOf: rect)
        let a = flow.along(rect[0], rect[1]), b = flow.along(rect[0] + rect[2], rect[1] + rect[3])
        let near = (across: min(a.across, b.across), along: min(a.along, b.along))
        let far = (across: max(a.across, b.across), along: max(a.along, b.along))
        let bent = Self.smoothstep(p / bend)
        var slid = ((p - 0.5 * bend) / (1 - 0.5 * bend)).clamped(to: 0...1)
        slid *= slid
        let top = near.along * slid, bottom = 1 + (far.along - 1) * slid
        let run = flow.isVertical ? h : w
        let opacity = ((1 - p) / 0.1).clamped(to: 0...1)
        var layers = [EffectLayer(.to, frame: full)]
        var start = 0.0
        while start < bottom * run {
            defer { start += stripHeight }
            let end = start + stripHeight
            let shownStart = max(start, top * run), shownEnd = min(end, bottom * run)
            guard shownEnd > shownStart else { continue }
            let middle = (start + stripHeight / 2) / run
            let narrowed = bent * Self.smoothstep(middle / max(near.along, 1e-6))
            let left = near.across * narrowed, right = 1 + (far.across - 1) * narrowed
            guard right > left else { continue }
            // In flow space: across left...right, along shownStart...shownEnd (pixels); the source, fractions of the screen.
            let v0 = (shownStart / run - top) / (bottom - top), v1 = (shownEnd / run - top) / (bottom - top)
            let frame = flow.rect(across: left, right, along: shownStart / run, shownEnd / run, width: w, height: h)
            let source = flow.rect(across: 0, 1, along: v0, v1, width: 1, height: 1)
            layers.append(EffectLayer(.from, frame: frame, source: source, opacity: opacity))
        }
        return layers
    }

    /// lamp.glsl's smoothstep(0, 1, x).
    static func smoothstep(_ x: Double) -> Double {
        let t = x.clamped(to: 0...1)
        return t * t * (3 - 2 * t)
    }

    /// The edge the screen flows toward, and the flow's coordinates: across
    /// it, and along it from the far edge, as fractions of the output.
    struct Flow {
        enum Edge { case bottom, top, right, left }
        let edge: Edge

        init(towardCentreOf rect: [Double]) {
            let dx = rect[0] + rect[2] / 2 - 0.5, dy = rect[1] + rect[3] / 2 - 0.5
            edge = abs(dy) >= abs(dx) ? (dy >= 0 ? .bottom : .top) : (dx >= 0 ? .right : .left)
        }

        var isVertical: Bool { edge == .bottom || edge == .top }

        /// A point from the top-left in flow coordinates.
        func along(_ x: Double, _ y: Double) -> (across: Double, along: Double) {
            switch edge {
            case .bottom: (x, y)
            case .top: (x, 1 - y)
            case .right: (y, x)
            case .left: (y, 1 - x)
            }
        }

        /// The rectangle across `a0...a1` and along `s0...s1` (flow fractions)
        /// on a `width`×`height` screen, from its top-left.
        func rect(across a0: Double, _ a1: Double, along s0: Double, _ s1: Double, width: Double, height: Double) -> LayerRect {
            switch edge {
            case .bottom: LayerRect(x: a0 * width, y: s0 * height, width: (a1 - a0) * width, height: (s1 - s0) * height)
            case .top: LayerRect(x: a0 * width, y: (1 - s1) * height, width: (a1 - a0) * width, height: (s1 - s0) * height)
            case .right: LayerRect(x: s0 * width, y: a0 * height, width: (s1 - s0) * width, height: (a1 - a0) * height)
            case .left: LayerRect(x: (1 - s1) * width, y: a0 * height, width: (s1 - s0) * width, height: (a1 - a0) * height)
            }
        }
    }
}
