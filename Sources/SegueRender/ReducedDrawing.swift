import CGLES
import Foundation
import SegueEngine

extension Renderer {
    /// Draws a transition frame as `draw` does, but at `scale` of the target's
    /// size per side, then stretches it over the target as one linearly filtered quad:
    /// fewer pixels for an effect that would not make its refresh at full size.
    /// At scale 1 (or above) it is `draw` itself.
    func draw(_ settings: EffectSettings, from: Texture, to: Texture, progress: Double,
              direction: TransitionDirection = .forward, form: EffectForm = .layers, scale: Double,
              into target: RenderTarget) throws {
        guard scale < 1, let reduced = try reducedTarget(for: target, scale: scale) else {
            try draw(settings, from: from, to: to, progress: progress, direction: direction, form: form, into: target)
            return
        }
        try draw(settings, from: from, to: to, progress: progress, direction: direction, form: form, into: reduced)
        try stretch(reduced, over: target)
    }

    /// Stretches all of `source` over all of `target`, filtered linearly: as a
    /// layer, one textured quad, which llvmpipe's linear path draws (13 ms at
    /// 3840×2160 on 2 cores) where a linear glBlitFramebuffer takes its general
    /// path (28 ms); on a GPU either is a fraction of a millisecond.
    func stretch(_ source: RenderTarget, over target: RenderTarget) throws {
        let full = LayerRect(x: 0, y: 0, width: Double(target.width), height: Double(target.height))
        let texture = try source.drawnTexture()
        try paint([EffectLayer(.from, frame: full)], from: texture, to: texture, into: target)
    }

    /// The intermediate target for frames of `target` drawn at `scale`, made
    /// once per size and kept while frames are drawn at that scale; nil where
    /// the scale leaves the target's size as it is.
    private func reducedTarget(for target: RenderTarget, scale: Double) throws -> RenderTarget? {
        let width = Self.reduced(target.width, scale), height = Self.reduced(target.height, scale)
        guard width < target.width || height < target.height else { return nil }
        if let kept = reducedTargets.first(where: { $0.width == width && $0.height == height }) { return kept }
        let made = try RenderTarget(width: width, height: height, storage: target.texture?.storage ?? .native)
        // A few sizes at most (one per step); the oldest goes first.
        reducedTargets = Array(reducedTargets.suffix(3)) + [made]
        return made
    }

    /// `length` at `scale`, rounded to the nearest pixel and at least one.
    static func reduced(_ length: Int, _ scale: Double) -> Int {
        max(1, Int((Double(length) * scale).rounded()))
    }

    /// Seconds a frame of `effect` takes on a `width`×`height` target drawn
    /// at `scale` (its stretch included) in the form drawn there: timed the
    /// first time this is asked for that size and scale, mid-way through the
    /// effect, the faster of two frames (a busy machine only slows one down).
    package func frameCost(of effect: EffectDescriptor, width: Int, height: Int, scale: Double) throws -> Double {
        let key = Self.frameCostKey(effect, width, height, scale)
        if let known = frameCosts[key] { return known }
        let cost: Double
        if scale >= 1, let choice = try formChoice(for: effect, width: width, height: height) {
            cost = min(choice.layersMilliseconds, choice.shaderMilliseconds) / 1000
        } else {
            try prepare(effect)
            let from = try Texture(width: width, height: height), to = try Texture(width: width, height: height)
            let target = try RenderTarget(width: width, height: height)
            let settings = EffectSettings(effect), form = form(for: effect, width: width, height: height)
            cost = try quickestSeconds { run in
                try draw(settings, from: from, to: to, progress: Self.timedProgress[run], form: form, scale: scale, into: target)
            }
        }
        frameCosts[key] = cost
        return cost
    }

    /// What `frameCost` timed for this effect, size and scale; nil where it was not asked.
    package func knownFrameCost(of effect: EffectDescriptor, width: Int, height: Int, scale: Double) -> Double? {
        frameCosts[Self.frameCostKey(effect, width, height, scale)]
    }

    private static func frameCostKey(_ effect: EffectDescriptor, _ width: Int, _ height: Int, _ scale: Double) -> String {
        "\(effect.name) \(width)x\(height)@\(scale)"
    }

    /// Frees the intermediate targets: no frame is drawn reduced, nor over the desktop, now.
    package func releaseReducedTargets() {
        reducedTargets.removeAll()
        (windowAlone, windowFrame, windowAloneHolds) = (nil, nil, nil)
        transparentFrames.removeAll()
    }
}
