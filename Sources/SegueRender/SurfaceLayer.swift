import SegueEngine

/// A client's surface as composition draws it: the part `crop` of its
/// texture (fractions of its width and height, after `transform` is undone)
/// stretched over `rect`, turned and mirrored back as its client set it up,
/// at `opacity`. A `mipmapped` layer drawn smaller than its texture samples
/// the mipmap level nearest its size (built once per change of content), so
/// a small preview of a large screen neither shimmers nor costs its size.
package struct SurfaceLayer {
    package var texture: Texture
    package var rect: PixelRect
    package var transform: BufferTransform
    package var crop: SIMD4<Double>
    package var opacity: Float
    package var mipmapped: Bool

    package init(_ texture: Texture, at rect: PixelRect, transform: BufferTransform = .normal,
                crop: SIMD4<Double> = SIMD4(0, 0, 1, 1), opacity: Float = 1, mipmapped: Bool = false) {
        self.texture = texture
        self.rect = rect
        self.transform = transform
        self.crop = crop
        self.opacity = opacity
        self.mipmapped = mipmapped
    }

    /// The mipmap level it is sampled from: 0, the texture itself, unless mipmapped and drawn smaller.
    var level: Int {
        guard mipmapped else { return 0 }
        let shown = transform.swapsSides ? (rect.height, rect.width) : (rect.width, rect.height)
        return LayeredEffects.mipmapLevel(scale: min(Double(shown.0) / (Double(texture.width) * (crop.z - crop.x)),
                                                     Double(shown.1) / (Double(texture.height) * (crop.w - crop.y))))
    }
}
