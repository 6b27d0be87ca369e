import SegueEngine

/// A client's surface as composition draws it: the part `crop` of its
/// texture (fractions of its width and height, after `transform` is undone)
/// stretched over `rect`, turned and mirrored back as its client set it up,
/// at `opacity`.
package struct SurfaceLayer {
    package var texture: Texture
    package var rect: PixelRect
    package var transform: BufferTransform
    package var crop: SIMD4<Double>
    package var opacity: Float

    package init(_ texture: Texture, at rect: PixelRect, transform: BufferTransform = .normal,
                crop: SIMD4<Double> = SIMD4(0, 0, 1, 1), opacity: Float = 1) {
        self.texture = texture
        self.rect = rect
        self.transform = transform
        self.crop = crop
        self.opacity = opacity
    }
}
