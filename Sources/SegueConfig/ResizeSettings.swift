import SegueEngine

/// `[transitions.resize]`: how a window whose rectangle changes (maximized,
/// fullscreen, or resized by its client) moves from the old one to the new,
/// its old picture crossfading into the new buffer, which is waited for up to
/// `wait` so the motion never stretches a stale frame; or drawn by a niri resize shader.
public struct ResizeSettings: Sendable, Equatable {
    /// The motions a resize can play: its old picture crossfading into the new one, or none (at once).
    public static let effects = ["crossfade", "none"]

    public var animates = true
    /// A niri resize shader (`resize_color`) that draws it, by its effect's name: nil, the crossfade.
    public var shader: String?
    public var duration = 0.25
    public var curve = TimingCurve.easeOut
    /// How long a window asked to change its state is drawn as it was while its client draws the new size.
    public var wait = 0.15

    public init() {}
}
