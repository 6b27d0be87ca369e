/// Which part of a layer shows. Circles are in output pixels; a pixel belongs
/// to a circle when its centre is closer to the circle's centre than the radius.
public enum LayerMask: Sendable, Equatable {
    /// Only inside the circle.
    case circle(LayerCircle)
    /// Only outside the circle.
    case outsideCircle(LayerCircle)
    /// A shadow falling inside the circle's edge, as a blurred edge casts it: at
    /// `d` pixels inside, the layer covers `opacity · ½·erfc(d / (sigma·√2))`;
    /// nothing outside the circle.
    case innerShadow(LayerCircle, sigma: Double, opacity: Double)
    /// The layer cut into columns one pixel wide, column `x` from the layer's
    /// left moved down by `offsets[x]` whole pixels (0 or more); what moves past
    /// the bottom is gone, and so are columns without an offset.
    case columns(offsets: [Int])
}

public struct LayerCircle: Sendable, Equatable {
    public var centerX: Double, centerY: Double, radius: Double

    public init(centerX: Double, centerY: Double, radius: Double) {
        (self.centerX, self.centerY, self.radius) = (centerX, centerY, radius)
    }
}
