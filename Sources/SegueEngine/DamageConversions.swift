/// The conversions between damage's spaces: a surface's units to its
/// buffer's pixels (scale, then transform), a texture's texels to the output
/// pixels a layer draws them over (transform undone, crop, stretch), and the
/// output to the rows EGL counts from the bottom left. Each rectangle becomes the
/// whole pixels covering its image, so damage never shrinks on the way.
extension Damage where Space == SurfaceSpace {
    /// In the pixels of a buffer of `size` shown at `scale` pixels per unit,
    /// turned and mirrored by `transform`: each rectangle cut to the buffer's
    /// units (so nothing overflows), scaled, then turned as the buffer is.
    public func inBuffer(size: (width: Int, height: Int), scale: Int, transform: BufferTransform) -> BufferDamage {
        let surface = transform.swapsSides ? (width: size.height, height: size.width) : size
        let units = PixelRect(x: 0, y: 0, width: (surface.width + scale - 1) / scale, height: (surface.height + scale - 1) / scale)
        let pixels = PixelRect(x: 0, y: 0, width: surface.width, height: surface.height)
        return mapped { rect in
            guard let unit = rect.clipped(to: units),
                  let scaled = PixelRect(x: unit.x * scale, y: unit.y * scale, width: unit.width * scale, height: unit.height * scale)
                  .clipped(to: pixels) else { return nil }
            return scaled.mapped(from: surface, to: size) { transform.bufferPoint($0, $1) }
        }
    }
}

extension Damage where Space == BufferSpace {
    /// Where on the output these texels of a texture of `size` land, drawn as
    /// `crop` of it (fractions of the surface it shows, as `SurfaceLayer`
    /// holds it) stretched over `rect` after `transform` is undone; never
    /// outside `rect`, and everywhere is all of it. Drawn other than pixel
    /// for pixel, a texel is filtered into the output pixels around its own
    /// too, so each rectangle first grows by a texel on every side.
    public func onOutput(textureSize size: (width: Int, height: Int), drawnOver rect: PixelRect,
                         transform: BufferTransform = .normal, crop: SIMD4<Double> = SIMD4(0, 0, 1, 1)) -> OutputDamage {
        guard rects != nil, crop.z > 0, crop.w > 0 else { return OutputDamage([rect]) }
        let shown = transform.swapsSides ? (width: size.height, height: size.width) : size
        let pixelForPixel = crop == SIMD4(0, 0, 1, 1) && rect.width == shown.width && rect.height == shown.height
        let texture = PixelRect(x: 0, y: 0, width: size.width, height: size.height)
        let placed: Damage<OutputSpace> = mapped { changed in
            let texels = pixelForPixel ? changed
                : PixelRect(x: changed.x - 1, y: changed.y - 1, width: changed.width + 2, height: changed.height + 2).clipped(to: texture) ?? changed
            return texels.mapped(from: size, to: (rect.width, rect.height)) { u, v in
                let (s, t) = transform.surfacePoint(u, v)
                return ((s - crop.x) / crop.z, (t - crop.y) / crop.w)
            }.offset(by: rect.x, rect.y).clipped(to: rect)
        }
        return placed
    }
}

extension Damage where Space == OutputSpace {
    /// The same pixels as EGL counts them in a framebuffer `height` rows
    /// high: from its bottom left, which is its first GL row. Where the frame
    /// was drawn with its top in that first row (`topInFirstRow`: every
    /// Segue frame, whose window a parent shows flipped upright) rows stay
    /// as they are; else they count up from the frame's bottom.
    public func inEGLRows(height: Int, topInFirstRow: Bool) -> Damage<BottomLeftSpace> {
        mapped { topInFirstRow ? $0 : PixelRect(x: $0.x, y: height - $0.y - $0.height, width: $0.width, height: $0.height) }
    }
}

extension BufferTransform {
    /// The point of the surface shown at (u, v) of the buffer, each side
    /// running 0...1 from the top left: `bufferPoint` undone.
    public func surfacePoint(_ u: Double, _ v: Double) -> (s: Double, t: Double) {
        let inverse: BufferTransform = switch self {
        case .turned90: .turned270
        case .turned270: .turned90
        default: self
        }
        let point = inverse.bufferPoint(u, v)
        return (point.u, point.v)
    }
}

extension PixelRect {
    /// This rectangle of a picture of `from` pixels, its corners as
    /// fractions through `point`, on a picture of `to` pixels: the whole
    /// pixels covering the box around the corners' images.
    func mapped(from: (width: Int, height: Int), to: (width: Int, height: Int),
                _ point: (Double, Double) -> (Double, Double)) -> PixelRect {
        let (w, h) = (Double(from.width), Double(from.height))
        let first = point(Double(x) / w, Double(y) / h), second = point(Double(x + width) / w, Double(y + height) / h)
        // Fractions times whole sides land a hair off a pixel's edge: that hair is no pixel more.
        let slack = 1e-6
        let left = Int((min(first.0, second.0) * Double(to.width) + slack).rounded(.down))
        let top = Int((min(first.1, second.1) * Double(to.height) + slack).rounded(.down))
        let right = Int((max(first.0, second.0) * Double(to.width) - slack).rounded(.up))
        let bottom = Int((max(first.1, second.1) * Double(to.height) - slack).rounded(.up))
        return PixelRect(x: left, y: top, width: right - left, height: bottom - top)
    }

    func offset(by dx: Int, _ dy: Int) -> PixelRect { PixelRect(x: x + dx, y: y + dy, width: width, height: height) }
}
