/// Writing an image as a client's XRGB8888 buffer holds it (bytes B, G, R,
/// X in memory): what screen capture hands its clients, once per captured
/// frame on the loop thread, so a word at a time rather than a byte.
extension RGBAImage {
    /// Writes the `width`×`height` rectangle at (x, y) into `data`, rows top
    /// first, `stride` bytes apart, every X byte 255. The rectangle must lie within the image.
    public func writeXRGB8888(x: Int, y: Int, width: Int, height: Int, into data: UnsafeMutableRawPointer, stride: Int) {
        precondition(x >= 0 && y >= 0 && x + width <= self.width && y + height <= self.height, "the rectangle must lie within the image")
        pixels.withUnsafeBytes { source in
            guard let base = source.baseAddress else { return }
            for row in 0..<height {
                let from = base.advanced(by: ((y + row) * self.width + x) * 4), to = data.advanced(by: row * stride)
                for column in 0..<width {
                    // R, G, B, A in memory is R | G << 8 | B << 16 | A << 24 as a little-endian word.
                    let rgba = UInt32(littleEndian: from.loadUnaligned(fromByteOffset: column * 4, as: UInt32.self))
                    let bgrx = (rgba & 0x0000_FF00) | (rgba & 0xFF) << 16 | (rgba >> 16) & 0xFF | 0xFF00_0000
                    to.storeBytes(of: bgrx.littleEndian, toByteOffset: column * 4, as: UInt32.self)
                }
            }
        }
    }
}
