/// One thing a layered effect draws in a frame, bottom first: the seeds' model,
/// where a transition is Core Animation layers with frames, transforms, opacity
/// and masks. The list is plain data, so a compositor embedding the engine can
/// draw it with its own renderer; Segue's draws each layer by the cheapest exact
/// path. (An effect's layer, not a layer-shell surface.)
public struct EffectLayer: Sendable, Equatable {
    public enum Content: Sendable, Equatable {
        /// The screen the transition leaves (in reverse, the one it returns to).
        case from
        /// The screen the transition arrives at.
        case to
        /// A flat colour, 0...1 per channel.
        case color(red: Double, green: Double, blue: Double)
    }

    public var content: Content
    /// Where the content lands before `rotation`, in output pixels, rows top
    /// first. A screen's `source` is stretched over it; a colour fills it.
    public var frame: LayerRect
    /// The part of a screen shown, as fractions of it from its top-left; all of it by default.
    public var source: LayerRect
    /// A turn of the placed frame about a point.
    public var rotation: LayerRotation?
    /// 0 is invisible, 1 covers what is below.
    public var opacity: Double
    /// Which part of the layer shows, or how much of it.
    public var mask: LayerMask?
    /// A screen drawn smaller than it is is sampled through mipmaps, so it never
    /// shimmers; the layer's look then depends on them.
    public var mipmapped: Bool

    public init(_ content: Content, frame: LayerRect, source: LayerRect = .unit, rotation: LayerRotation? = nil,
                opacity: Double = 1, mask: LayerMask? = nil, mipmapped: Bool = false) {
        self.content = content
        self.frame = frame
        self.source = source
        self.rotation = rotation
        self.opacity = opacity
        self.mask = mask
        self.mipmapped = mipmapped
    }
}

/// A turn clockwise on the screen (rows grow downwards) by `angle` radians about
/// (`pivotX`, `pivotY`) in output pixels.
public struct LayerRotation: Sendable, Equatable {
    public var angle: Double, pivotX: Double, pivotY: Double

    public init(angle: Double, pivotX: Double, pivotY: Double) {
        (self.angle, self.pivotX, self.pivotY) = (angle, pivotX, pivotY)
    }
}

/// A rectangle in output pixels that may fall between pixels.
public struct LayerRect: Sendable, Equatable {
    public var x: Double, y: Double, width: Double, height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        (self.x, self.y, self.width, self.height) = (x, y, width, height)
    }

    /// All of a screen, as fractions of it.
    public static let unit = LayerRect(x: 0, y: 0, width: 1, height: 1)

    /// The rectangle as whole pixels, when it lies exactly on them.
    public var pixelRect: PixelRect? {
        let whole = [x, y, width, height].allSatisfy { $0.isFinite && $0 == $0.rounded() && abs($0) < 1e9 }
        return whole ? PixelRect(x: Int(x), y: Int(y), width: Int(width), height: Int(height)) : nil
    }
}
