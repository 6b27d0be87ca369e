/// A rectangle of pixels, origin at the top-left.
public struct PixelRect: Sendable, Hashable {
    public var x, y, width, height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The part of this rectangle inside `bounds`, or nil when they do not overlap.
    public func clipped(to bounds: PixelRect) -> PixelRect? {
        let x0 = max(x, bounds.x), y0 = max(y, bounds.y)
        let x1 = min(x + width, bounds.x + bounds.width), y1 = min(y + height, bounds.y + bounds.height)
        guard x1 > x0, y1 > y0 else { return nil }
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// One rectangle covering all of `rects`, nil for none: fewer, larger
    /// copies beat many small ones.
    public static func bounds(of rects: [PixelRect]) -> PixelRect? {
        guard let first = rects.first else { return nil }
        var x0 = first.x, y0 = first.y, x1 = first.x + first.width, y1 = first.y + first.height
        for r in rects.dropFirst() {
            x0 = min(x0, r.x); y0 = min(y0, r.y)
            x1 = max(x1, r.x + r.width); y1 = max(y1, r.y + r.height)
        }
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}
