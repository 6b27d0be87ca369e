/// One thing a layered effect draws in a frame, bottom first: the seeds' model,
/// where a transition is Core Animation layers with frames and opacity. The list
/// is plain data, so a compositor embedding the engine can draw it with its own
/// renderer; Segue's draws each layer by the cheapest exact path.
public struct Layer: Sendable, Equatable {
    public enum Content: Sendable, Equatable {
        /// The screen the transition leaves (in reverse, the one it returns to).
        case from
        /// The screen the transition arrives at.
        case to
        /// A flat colour, 0...1 per channel.
        case color(red: Double, green: Double, blue: Double)
    }

    public var content: Content
    /// Where the content lands, in output pixels, rows top first. A screen is
    /// stretched over it; a colour fills it.
    public var frame: LayerRect
    /// 0 is invisible, 1 covers what is below.
    public var opacity: Double

    public init(_ content: Content, frame: LayerRect, opacity: Double = 1) {
        self.content = content
        self.frame = frame
        self.opacity = opacity
    }
}

/// A rectangle in output pixels that may fall between pixels.
public struct LayerRect: Sendable, Equatable {
    public var x: Double, y: Double, width: Double, height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        (self.x, self.y, self.width, self.height) = (x, y, width, height)
    }

    /// The rectangle as whole pixels, when it lies exactly on them.
    public var pixelRect: PixelRect? {
        let whole = [x, y, width, height].allSatisfy { $0.isFinite && $0 == $0.rounded() && abs($0) < 1e9 }
        return whole ? PixelRect(x: Int(x), y: Int(y), width: Int(width), height: Int(height)) : nil
    }
}
