/// How a client turned or mirrored a buffer's content (wl_output.transform's
/// values, turns counter-clockwise, a mirror about the vertical axis first),
/// which the compositor undoes to show it.
public enum BufferTransform: Int, Sendable {
    case normal, turned90, turned180, turned270, flipped, flipped90, flipped180, flipped270

    /// Whether the buffer's width is the surface's height.
    public var swapsSides: Bool { rawValue % 2 == 1 }

    /// The same transform of a buffer whose rows are stored bottom first:
    /// the client's, then a mirror about the horizontal axis.
    public var rowsReversed: BufferTransform {
        switch self {
        case .normal: .flipped180
        case .turned90: .flipped90
        case .turned180: .flipped
        case .turned270: .flipped270
        case .flipped: .turned180
        case .flipped90: .turned90
        case .flipped180: .normal
        case .flipped270: .turned270
        }
    }

    /// The point of the buffer shown at (s, t) of the surface, each side
    /// running 0...1 from the top left.
    public func bufferPoint(_ s: Double, _ t: Double) -> (u: Double, v: Double) {
        switch self {
        case .normal: (s, t)
        case .turned90: (t, 1 - s)
        case .turned180: (1 - s, 1 - t)
        case .turned270: (1 - t, s)
        case .flipped: (1 - s, t)
        case .flipped90: (t, s)
        case .flipped180: (s, 1 - t)
        case .flipped270: (1 - t, 1 - s)
        }
    }
}
