import CGLES
import SegueEngine
import SegueImaging

/// What the shell asks of drawing: pictures and targets to make, frames to
/// draw into them and hand to the GPU, effects to ready and what their frames
/// cost. The renderer does it with GL; a test's stand-in notes what it was
/// asked and hands out handles with no GL object behind them, so the choices
/// the shell makes about what to draw are tested without a GL context.
package protocol Painter: AnyObject {
    /// An offscreen target of `width` × `height` whose texture may be sampled after.
    func target(width: Int, height: Int) throws -> RenderTarget
    /// A texture holding `image`, rows top first.
    func picture(of image: RGBAImage) throws -> Texture
    /// Draws `content` into `target`, surfaces only within `damage`.
    func render(_ content: FrameContent, within damage: OutputDamage, into target: RenderTarget) throws
    /// Hands the commands given since `started` (a `DispatchTime` uptime) for
    /// a frame of `target` to the GPU: the fence says when it finished.
    @discardableResult
    func submit(_ target: RenderTarget, startedAt started: UInt64) -> FrameFence
    /// What `target` holds, top row first; every alpha 255 where `opaque`.
    func read(_ target: RenderTarget, opaque: Bool) -> RGBAImage
    /// Where frames of `width` × `height` are read back for screen capture.
    func readback(width: Int, height: Int) -> FrameReading

    /// Compiles `effect` (a broken shader throws here, not mid-transition).
    func prepare(_ effect: EffectDescriptor) throws
    /// The form `effect`'s frames are drawn in at this size, timing both the first time.
    func form(for effect: EffectDescriptor, width: Int, height: Int) -> Renderer.EffectForm
    /// Times a frame of `effect` at this size and `scale` the first time; seconds.
    func frameCost(of effect: EffectDescriptor, width: Int, height: Int, scale: Double) throws -> Double
    /// What `frameCost` timed for this effect, size and scale; nil where it was not asked.
    func knownFrameCost(of effect: EffectDescriptor, width: Int, height: Int, scale: Double) -> Double?
    /// Frees what frames drawn smaller, or a window's over the screen behind
    /// it, needed: none is drawn now.
    func releaseReducedTargets()
    /// Makes, and has the GPU touch, what frames of a window drawn over the
    /// screen behind it draw into, drawing `first` (a `.windowOver` on an
    /// output of this size) there once, before their clock starts.
    func readyDrawing(_ first: FrameContent, outputWidth: Int, outputHeight: Int) throws
}

extension Painter {
    package func render(_ content: FrameContent, into target: RenderTarget) throws {
        try render(content, within: .everywhere, into: target)
    }
}

extension Renderer: Painter {
    package func target(width: Int, height: Int) throws -> RenderTarget { try RenderTarget(width: width, height: height) }

    package func picture(of image: RGBAImage) throws -> Texture { try Texture(image: image) }

    package func read(_ target: RenderTarget, opaque: Bool) -> RGBAImage { target.readPixels(opaque: opaque) }

    package func readback(width: Int, height: Int) -> FrameReading { FrameReadback(width: width, height: height) }
}
