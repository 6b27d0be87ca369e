import SegueEngine

/// A side of an effect drawn over the desktop that is transparent outside
/// `content` (fractions of it, from its top-left): a window alone in the
/// drawing its effect plays in, which holds the window and the margin and
/// rectangle it may move into. Its layers need draw only that part.
package struct SparseSide {
    let texture: Texture
    let content: LayerRect

    /// `content` grown by what filtering reads past its edges when sampled
    /// at mipmap `level`: two texels of that level each way (a level is its
    /// texture's size halved that often, rounded down; the levels above it
    /// reach less far).
    func content(sampledAt level: Int) -> LayerRect {
        let shift = min(max(level, 0), 30)
        let (dx, dy) = (2 / Double(max(texture.width >> shift, 1)), 2 / Double(max(texture.height >> shift, 1)))
        return LayerRect(x: content.x - dx, y: content.y - dy, width: content.width + 2 * dx, height: content.height + 2 * dy)
    }

    /// The texels `content` covers, grown by two each way, within the texture: what a copy of the side need take.
    var pixels: PixelRect? {
        let (w, h) = (Double(texture.width), Double(texture.height))
        let x0 = (content.x * w).rounded(.down) - 2, y0 = (content.y * h).rounded(.down) - 2
        let x1 = ((content.x + content.width) * w).rounded(.up) + 2, y1 = ((content.y + content.height) * h).rounded(.up) + 2
        guard [x0, y0, x1, y1].allSatisfy({ $0.isFinite && abs($0) < 1e7 }) else { return nil }
        return PixelRect(x: Int(x0), y: Int(y0), width: Int(x1 - x0), height: Int(y1 - y0))
            .clipped(to: PixelRect(x: 0, y: 0, width: texture.width, height: texture.height))
    }
}

extension LayerBlend {
    /// Premultiplied over what is under it: a transparent texel leaves that as it is.
    var isOver: Bool {
        if case .over = self { return true }
        return false
    }
}

extension EffectLayer {
    /// The layer showing only the part of its source inside `content`, its
    /// frame cut to match; nil where none of it is. Itself where it is turned,
    /// masked or no plain rectangle, whose parts do not map so simply.
    func cropped(to content: LayerRect) -> EffectLayer? {
        let s = source, f = frame
        guard rotation.map({ $0.angle == 0 }) ?? true, mask == nil, s.width > 0, s.height > 0,
              [f.x, f.y, f.width, f.height, s.x, s.y].allSatisfy(\.isFinite) else { return self }
        let x0 = max(s.x, content.x), x1 = min(s.x + s.width, content.x + content.width)
        let y0 = max(s.y, content.y), y1 = min(s.y + s.height, content.y + content.height)
        guard x1 > x0, y1 > y0 else { return nil }
        var cropped = self
        cropped.source = LayerRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
        // The frame's width and height may be negative (a mirrored layer): the same fractions of them.
        cropped.frame = LayerRect(x: f.x + (x0 - s.x) / s.width * f.width, y: f.y + (y0 - s.y) / s.height * f.height,
                                  width: (x1 - x0) / s.width * f.width, height: (y1 - y0) / s.height * f.height)
        return cropped
    }

    /// Bounds of what it may draw on: its frame, turned.
    var bounds: LayerRect {
        let corners = LayerPlacement(frame: frame, source: source, rotation: rotation).corners
        let xs = corners.map(\.x), ys = corners.map(\.y)
        let (x0, y0) = (xs.min() ?? 0, ys.min() ?? 0)
        return LayerRect(x: x0, y: y0, width: (xs.max() ?? 0) - x0, height: (ys.max() ?? 0) - y0)
    }
}

/// The frames a frame's layers drew on so far, where a sparse side's layers
/// are cut: outside them the frame, cleared first, is still transparent.
struct PaintedBounds {
    private var rects: [LayerRect] = []
    private let tracking: Bool

    init(tracking: Bool) { self.tracking = tracking }

    mutating func add(_ layer: EffectLayer) {
        guard tracking else { return }
        rects.append(layer.bounds)
    }

    /// Whether `layer` may draw where something was drawn before it (where
    /// the bounds only touch, nothing is under both).
    func overlaps(_ layer: EffectLayer) -> Bool {
        let b = layer.bounds
        guard [b.x, b.y, b.width, b.height].allSatisfy(\.isFinite) else { return true }
        return rects.contains { r in
            min(r.x + r.width, b.x + b.width) > max(r.x, b.x) && min(r.y + r.height, b.y + b.height) > max(r.y, b.y)
        }
    }

    /// Whole pixels holding all of it within `whole`; `whole` where not
    /// tracked (all of it may be drawn on), nil where nothing was.
    func bounds(within whole: PixelRect) -> PixelRect? {
        guard tracking else { return whole }
        guard let first = rects.first else { return nil }
        var (x0, y0, x1, y1) = (first.x, first.y, first.x + first.width, first.y + first.height)
        for r in rects.dropFirst() {
            (x0, y0, x1, y1) = (min(x0, r.x), min(y0, r.y), max(x1, r.x + r.width), max(y1, r.y + r.height))
        }
        guard [x0, y0, x1, y1].allSatisfy(\.isFinite) else { return whole }
        let rect = PixelRect(x: Int(max(x0, -1e6).rounded(.down)), y: Int(max(y0, -1e6).rounded(.down)),
                             width: Int(min(x1, 1e6).rounded(.up) - max(x0, -1e6).rounded(.down)),
                             height: Int(min(y1, 1e6).rounded(.up) - max(y0, -1e6).rounded(.down)))
        return rect.clipped(to: whole)
    }
}
