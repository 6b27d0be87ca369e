/// Where the scene is drawn, rows top first, in XRGB colours.
protocol Canvas {
    var width: Int { get }
    var height: Int { get }
    func fill(_ color: UInt32)
    /// Fills a rectangle, clipped to the canvas.
    func fillRect(x: Int, y: Int, width: Int, height: Int, color: UInt32)
}

/// XRGB8888 pixels, row after row with no padding, in memory shared with the compositor.
struct PixelCanvas: Canvas {
    let pixels: UnsafeMutablePointer<UInt32>
    let width: Int
    let height: Int

    func fill(_ color: UInt32) {
        pixels.update(repeating: color, count: width * height)
    }

    func fillRect(x: Int, y: Int, width: Int, height: Int, color: UInt32) {
        let left = max(x, 0), right = min(x + width, self.width)
        let top = max(y, 0), bottom = min(y + height, self.height)
        guard left < right, top < bottom else { return }
        for row in top..<bottom {
            (pixels + row * self.width + left).update(repeating: color, count: right - left)
        }
    }
}
