import SegueEngine

/// A copy of the output waiting for a frame to fill it: a
/// zwlr_screencopy_frame_v1's or an ext_image_copy_capture_frame_v1's.
package protocol OutputCopyRequest: AnyObject {
    /// What of the output it copies, in pixels; nil: nothing (it fails).
    var region: PixelRect? { get }
    /// Whether it still waits for a picture: its client and buffer are there.
    var isWaiting: Bool { get }
    /// Whether it waits for a frame that changed something since its session's last copy.
    var waitsForDamage: Bool { get }
    /// What changed of the output since its session's last copy (everywhere before the first).
    var changed: OutputDamage { get }
    /// Whether its client asked for the pointer drawn in.
    var includesCursor: Bool { get }
    /// Whether its buffer's pages are in, faulted in off the loop: writing it now costs the loop no page fault.
    var isWritable: Bool { get }
    /// Whether its buffer is ARGB8888, whose alpha must say opaque, not XRGB8888, whose fourth byte is unread.
    var fillsAlpha: Bool { get }
    /// Writes its buffer with `write`, given the buffer's rows top first and
    /// their stride, and takes what changed since its session's last copy
    /// as what it tells; its client hears nothing yet.
    func write(_ write: (UnsafeMutableRawPointer, _ stride: Int) -> Void)
    /// Tells its client that its buffer, written, holds the frame presented
    /// at `presented` (CLOCK_MONOTONIC ns); whether it did (it was written and its client is there).
    @discardableResult
    func ready(presented: UInt64) -> Bool
    /// No picture will come.
    func fail()
}

/// Told what every frame drawn changed of the output, for the copies that wait for changes.
package protocol OutputChangeWatcher: AnyObject {
    func outputChanged(_ damage: OutputDamage)
}
