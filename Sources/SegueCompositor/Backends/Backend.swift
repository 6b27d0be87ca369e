import SegueEngine
import SegueRender

/// Where frames go. A backend owns the output's frame clock: it asks for a
/// frame when one may be drawn, and says when each drawn frame was presented.
protocol Backend: FrameClock {
    /// The wl_output name and description clients see, e.g. `HEADLESS-1`.
    var outputName: String { get }
    var outputDescription: String { get }
    /// The output's size in pixels.
    var width: Int { get }
    var height: Int { get }
    /// Asks for one `drawFrame` call before the next presentation. Idempotent.
    func scheduleFrame()
    /// Takes the backend's sources out of the event loop, before the loop goes away.
    func stop()
    /// Set by the output: draw the frame that will be presented at the given time,
    /// and return the target holding it.
    var drawFrame: ((_ predicted: Instant) -> RenderTarget)? { get set }
    /// Set by the output: the frame drawn last was presented at this time with this sequence number.
    var framePresented: ((_ time: Instant, _ sequence: UInt64) -> Void)? { get set }
    /// Set by the output: `width` and `height` changed.
    var sizeChanged: (() -> Void)? { get set }
}
