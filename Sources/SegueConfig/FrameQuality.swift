/// `[transitions] quality` and `min-scale`: whether transition frames that
/// would miss their refresh at full size are drawn smaller and stretched over
/// the output (adaptive), or always at full size, late or not (full).
public struct FrameQuality: Sendable, Equatable {
    public var adaptive = true
    /// The smallest size per side a frame may be drawn at.
    public var minimumScale = 0.5

    public static let minimumScaleRange = 0.25...1.0

    public init(adaptive: Bool = true, minimumScale: Double = 0.5) {
        self.adaptive = adaptive
        self.minimumScale = minimumScale
    }
}
