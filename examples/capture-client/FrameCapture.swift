/// How a frame asked for ended.
enum FrameResult {
    /// Copied into the capture's buffer; `yInverted`: its rows bottom first.
    case ready(presented: UInt64, damage: Int, yInverted: Bool)
    /// Nothing copied; `reason` as the frame line prints it.
    case failed(reason: String)
}

/// One protocol's way of getting frames: one at a time, into one buffer kept while
/// the size stays. Its events arrive as the connection dispatches them.
protocol FrameCapture: AnyObject {
    /// The buffer the frame is copied into; nil before the first.
    var buffer: ShmFrameBuffer? { get }
    /// The frame asked for, once it ended: nil while it is pending.
    var result: FrameResult? { get }
    /// Whether the compositor ended the capture: no frame will come.
    var stopped: Bool { get }
    /// What went wrong in an event handler, which cannot throw.
    var problem: Failure? { get }
    /// Asks for the next frame, forgetting the last one's result.
    func begin()
}

/// A protocol timestamp (seconds split in two 32-bit halves, then nanoseconds) in nanoseconds.
func presentationTime(_ secondsHigh: UInt32, _ secondsLow: UInt32, _ nanoseconds: UInt32) -> UInt64 {
    (UInt64(secondsHigh) << 32 | UInt64(secondsLow)) * 1_000_000_000 + UInt64(nanoseconds)
}
