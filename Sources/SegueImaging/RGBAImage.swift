/// An 8-bit RGBA image with straight alpha, rows top to bottom, tightly packed.
public struct RGBAImage: Equatable, Sendable {
    public let width: Int
    public let height: Int
    public var pixels: [UInt8]

    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(width > 0 && height > 0, "image must not be empty")
        precondition(pixels.count == width * height * 4, "pixel count must be width * height * 4")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    public init(width: Int, height: Int, fill: RGBA) {
        self.init(width: width, height: height, pixels: [UInt8](repeating: 0, count: width * height * 4))
        self.fill(fill, x: 0, y: 0, width: width, height: height)
    }

    public subscript(x: Int, y: Int) -> RGBA {
        get {
            let i = offset(x, y)
            return RGBA(pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3])
        }
        set {
            let i = offset(x, y)
            pixels[i] = newValue.r
            pixels[i + 1] = newValue.g
            pixels[i + 2] = newValue.b
            pixels[i + 3] = newValue.a
        }
    }

    /// Area-averaged resampling, which keeps large downscales free of aliasing.
    public func scaled(toWidth newWidth: Int, height newHeight: Int) -> RGBAImage {
        if newWidth == width && newHeight == height { return self }
        return BoxFilter.resample(self, toWidth: newWidth, height: newHeight)
    }

    /// Copies `image` with its top-left corner at (x, y), replacing pixels rather than blending.
    public mutating func draw(_ image: RGBAImage, atX x: Int, y: Int) {
        let left = max(0, x), right = min(width, x + image.width)
        let top = max(0, y), bottom = min(height, y + image.height)
        guard left < right && top < bottom else { return }
        let bytes = (right - left) * 4
        for row in top..<bottom {
            let source = ((row - y) * image.width + (left - x)) * 4
            let destination = offset(left, row)
            pixels[destination..<destination + bytes] = image.pixels[source..<source + bytes]
        }
    }

    /// The image upside down: rows bottom first.
    public func flippedVertically() -> RGBAImage {
        let row = width * 4
        var flipped = [UInt8]()
        flipped.reserveCapacity(pixels.count)
        for y in (0..<height).reversed() { flipped += pixels[y * row..<(y + 1) * row] }
        return RGBAImage(width: width, height: height, pixels: flipped)
    }

    /// Fills a rectangle, clipped to the image; the drawing primitive for text and patterns.
    public mutating func fill(_ color: RGBA, x: Int, y: Int, width w: Int, height h: Int) {
        let left = max(0, x), right = min(width, x + w)
        let top = max(0, y), bottom = min(height, y + h)
        guard left < right && top < bottom else { return }
        for row in top..<bottom {
            var i = offset(left, row)
            for _ in left..<right {
                pixels[i] = color.r
                pixels[i + 1] = color.g
                pixels[i + 2] = color.b
                pixels[i + 3] = color.a
                i += 4
            }
        }
    }

    private func offset(_ x: Int, _ y: Int) -> Int {
        precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) outside \(width)x\(height)")
        return (y * width + x) * 4
    }
}
