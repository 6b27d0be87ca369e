import SegueEngine

/// Where frames go. A backend owns the output's frame clock: it asks for a
/// frame when one may be drawn, and says when each drawn frame was presented.
protocol Backend: FrameClock {
    var width: Int { get }
    var height: Int { get }
    /// Asks for one `drawFrame` call before the next presentation. Idempotent.
    func scheduleFrame()
    /// Set by the output: draw the frame that will be presented at the given time.
    var drawFrame: ((_ predicted: Instant) -> Void)? { get set }
    /// Set by the output: the frame drawn last was presented at this time with this sequence number.
    var framePresented: ((_ time: Instant, _ sequence: UInt64) -> Void)? { get set }
}
