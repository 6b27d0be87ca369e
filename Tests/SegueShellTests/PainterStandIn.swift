import SegueEngine
import SegueImaging
import SegueRender

/// A painter with no GL behind it: it notes what it was asked to draw, into
/// what and where, and hands out targets and pictures that are handles only.
final class PainterStandIn: Painter {
    struct Render {
        let content: FrameContent
        let within: Damage
        let target: RenderTarget
    }

    private(set) var renders: [Render] = []
    private(set) var submitted = 0
    private(set) var prepared: [String] = []
    private(set) var targetsRead: [RenderTarget] = []
    /// Each GPU copy asked for: from which target into which.
    private(set) var copies: [(from: RenderTarget, into: RenderTarget)] = []
    private(set) var reducedTargetsReleased = 0
    /// Effects whose frames fail to draw, as a shader GL rejects would.
    var failing: Set<String> = []

    func target(width: Int, height: Int) throws -> RenderTarget {
        RenderTarget(standingInFor: picture(width: width, height: height))
    }

    func picture(of image: RGBAImage) throws -> Texture { picture(width: image.width, height: image.height) }

    func picture(width: Int, height: Int) -> Texture { Texture(borrowing: 0, width: width, height: height, opaque: true) }

    func render(_ content: FrameContent, within damage: Damage, into target: RenderTarget) throws {
        if case .transition(let settings, _, _, _, _, _, _) = content, failing.contains(settings.effect.name) {
            throw RenderError("\(settings.effect.name) failed")
        }
        renders.append(Render(content: content, within: damage, target: target))
    }

    func submit(_ target: RenderTarget, startedAt started: UInt64) -> FrameFence {
        submitted += 1
        return .finished(started: started)
    }

    func read(_ target: RenderTarget, opaque: Bool) -> RGBAImage {
        targetsRead.append(target)
        return RGBAImage(width: target.width, height: target.height, fill: RGBA(0, 0, 0))
    }

    func copy(_ target: RenderTarget, into copy: RenderTarget) { copies.append((target, copy)) }

    func prepare(_ effect: EffectDescriptor) throws { prepared.append(effect.name) }

    func form(for effect: EffectDescriptor, width: Int, height: Int) -> Renderer.EffectForm { .shader }

    func frameCost(of effect: EffectDescriptor, width: Int, height: Int, scale: Double) throws -> Double { 0.001 }

    func knownFrameCost(of effect: EffectDescriptor, width: Int, height: Int, scale: Double) -> Double? { nil }

    func releaseReducedTargets() { reducedTargetsReleased += 1 }
}

extension PainterStandIn.Render {
    /// The layers of a frame of surfaces; nil for a transition's.
    var layers: [SurfaceLayer]? {
        if case .surfaces(let layers, _) = content { return layers }
        return nil
    }

    /// A transition frame's sides and progress; nil for surfaces.
    var transition: (from: Texture, to: Texture, progress: Double)? {
        if case .transition(_, let from, let to, let progress, _, _, _) = content { return (from, to, progress) }
        return nil
    }
}
