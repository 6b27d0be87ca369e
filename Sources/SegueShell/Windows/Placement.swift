import SegueEngine
import SegueRender

/// Where a layer of a composed screen (or of the desktop) lay and what it
/// showed: a picture holding the same layers the same way needs drawing
/// again only where their pixels changed.
struct Placement: Hashable {
    let texture: ObjectIdentifier
    let opaque: Bool
    let rect: PixelRect
    let transform: BufferTransform
    let crop: SIMD4<Double>
    let opacity: Float

    init(_ layer: SurfaceLayer) {
        texture = ObjectIdentifier(layer.texture)
        opaque = layer.texture.isOpaque
        rect = layer.rect
        transform = layer.transform
        crop = layer.crop
        opacity = layer.opacity
    }
}
