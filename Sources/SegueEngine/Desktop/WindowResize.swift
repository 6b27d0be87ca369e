/// A window's rectangle changing, drawn as a motion from where it was to
/// where it is: the rectangle it is drawn over moves and scales from `from`
/// to the new one, and its old picture, stretched over that rectangle too,
/// fades out over the new buffer, so no stale frame is ever stretched alone.
public struct WindowResize: Sendable, Equatable {
    /// What changed, for the log and `msg events`.
    public enum Kind: String, Sendable {
        case maximize, unmaximize, fullscreen
        case leaveFullscreen = "leave-fullscreen"
        /// Its client drew another size of its own accord.
        case resize

        /// The change from a window drawn `fullscreen` and `maximized` (before) to the states after.
        public init(before: (fullscreen: Bool, maximized: Bool), after: (fullscreen: Bool, maximized: Bool)) {
            if before.fullscreen != after.fullscreen {
                self = after.fullscreen ? .fullscreen : .leaveFullscreen
            } else if before.maximized != after.maximized {
                self = after.maximized ? .maximize : .unmaximize
            } else {
                self = .resize
            }
        }
    }

    public let kind: Kind
    /// Where it was drawn, in output pixels.
    public let from: PixelRect

    public init(kind: Kind, from: PixelRect) {
        self.kind = kind
        self.from = from
    }

    /// The rectangle it is drawn over `progress` of the way to `to` (a
    /// spring's overshoot carries it past, and back).
    public func rect(to: PixelRect, progress: Double) -> PixelRect {
        func along(_ a: Int, _ b: Int) -> Double { Double(a) + (Double(b) - Double(a)) * progress }
        let left = along(from.x, to.x), top = along(from.y, to.y)
        let right = along(from.x + from.width, to.x + to.width), bottom = along(from.y + from.height, to.y + to.height)
        let x = Int(left.rounded()), y = Int(top.rounded())
        return PixelRect(x: x, y: y, width: max(1, Int(right.rounded()) - x), height: max(1, Int(bottom.rounded()) - y))
    }

    /// How opaque the old picture is over the new, `progress` of the way.
    public static func oldOpacity(at progress: Double) -> Double { 1 - min(max(progress, 0), 1) }
}
