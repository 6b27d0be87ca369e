import SegueEngine
import SegueImaging
import SegueRender

/// A painter with no GL behind it: it notes what it was asked to draw, into
/// what and where, and hands out targets and pictures that are handles only.
final class PainterStandIn: Painter {
    struct Render {
        let content: FrameContent
        let within: OutputDamage
        let target: RenderTarget
    }

    private(set) var renders: [Render] = []
    private(set) var submitted = 0
    private(set) var prepared: [String] = []
    private(set) var targetsRead: [RenderTarget] = []
    /// Each readback made, for screen capture.
    private(set) var readbacks: [ReadingStandIn] = []
    private(set) var reducedTargetsReleased = 0
    /// Areas `readyDrawing` made ready, in order.
    private(set) var readiedAreas: [PixelRect] = []
    /// Effects whose frames fail to draw, as a shader GL rejects would.
    var failing: Set<String> = []

    func target(width: Int, height: Int) throws -> RenderTarget {
        RenderTarget(standingInFor: picture(width: width, height: height))
    }

    func picture(of image: RGBAImage) throws -> Texture { picture(width: image.width, height: image.height) }

    func picture(width: Int, height: Int) -> Texture { Texture(borrowing: 0, width: width, height: height, opaque: true) }

    func render(_ content: FrameContent, within damage: OutputDamage, into target: RenderTarget) throws {
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

    func readback(width: Int, height: Int) -> FrameReading {
        let reading = ReadingStandIn(width: width, height: height)
        readbacks.append(reading)
        return reading
    }

    func prepare(_ effect: EffectDescriptor) throws { prepared.append(effect.name) }

    func form(for effect: EffectDescriptor, width: Int, height: Int) -> Renderer.EffectForm { .shader }

    func frameCost(of effect: EffectDescriptor, width: Int, height: Int, scale: Double) throws -> Double { 0.001 }

    func knownFrameCost(of effect: EffectDescriptor, width: Int, height: Int, scale: Double) -> Double? { nil }

    func releaseReducedTargets() { reducedTargetsReleased += 1 }
    func readyDrawing(_ first: FrameContent, outputWidth: Int, outputHeight: Int) throws {
        if case .windowOver(_, _, let area, _, _, _, _, _) = first { readiedAreas.append(area) }
    }
}

/// A readback with no GL behind it: it notes which rows of which targets it
/// was asked to read, and its picture is black.
final class ReadingStandIn: FrameReading {
    let width: Int
    let height: Int
    private(set) var reads: [(target: RenderTarget, rows: [Range<Int>])] = []
    private let pixels: [UInt8]

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        pixels = [UInt8](repeating: 0, count: width * height * 4)
    }

    func start(from target: RenderTarget, rows: [Range<Int>]) { reads.append((target, rows)) }

    var isDone: Bool { true }

    func withPixels<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        try pixels.withUnsafeBytes(body)
    }
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
