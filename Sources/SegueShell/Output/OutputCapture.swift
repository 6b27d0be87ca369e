import SegueEngine
import SegueRender

/// What takes pictures of the output's frames (screen capture): told of
/// each frame as it is drawn, and when it was presented.
protocol OutputCapture: AnyObject {
    /// A frame that changed `damage` of the last one was drawn into `target`.
    func frameDrawn(into target: RenderTarget, changing damage: OutputDamage)
    /// The frame drawn last, if one was since the last presentation, shows from `time` on.
    func framePresented(at time: Instant)
}
