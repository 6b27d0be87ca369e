import SegueEngine
import SegueImaging

/// What takes pictures of the output's frames (screen capture): told of
/// each frame's damage as it is drawn, it says whether it wants that frame,
/// and gets it, read back once, after it was presented.
protocol OutputCapture: AnyObject {
    /// A frame that changed `damage` of the last one is drawn: whether a capture wants it.
    func wantsFrame(changing damage: Damage) -> Bool
    /// The frame wanted, as presented at `presented`.
    func frameCaptured(_ image: RGBAImage, presented: Instant)
}
