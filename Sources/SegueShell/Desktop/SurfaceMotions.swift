import SegueEngine
import SeguePolicy
import SegueRender
import SegueWayland

/// Layer surfaces and popups coming on screen and going, and windows
/// changing their rectangle: clocks shared by those who start them (the
/// desktop, the windows) and the output, which moves them on with each frame and draws them.
final class SurfaceMotions {
    var animations = LayerAnimations()
    /// Each drawn with its old picture, a texture of its own.
    var resizes = ResizeAnimations()
    /// Where a resize shader plays: a window's resize frame drawn by it, as
    /// one layer over the output (nil: the crossfade draws it).
    var shadeResize: ((Window, ShadedResize) -> SurfaceLayer?)?

    var isAnimating: Bool { animations.isAnimating || resizes.isAnimating }
}

typealias LayerAnimations = SurfaceAnimations<AnyObject, SurfaceMotion, LayerPicture>
typealias ResizeAnimations = SurfaceAnimations<Window, WindowResize, Texture>

/// Something going: what it last showed, where on the output, and the layer
/// it is drawn on (a window's popup: the top, under the bars) with its order
/// among that layer's surfaces (a bar's menu: the bar's, just over it).
struct LayerPicture {
    let target: RenderTarget
    let rect: PixelRect
    let layer: DesktopLayer
    let order: Int
}

extension [SurfaceLayer] {
    /// These layers, drawn over `rect`, drawn over `look`'s rectangle instead
    /// at its opacity; none where the look is out of sight (faded out, or
    /// wholly outside `bounds`), so its end changes nothing.
    func moved(from rect: PixelRect, to look: SurfaceLook, within bounds: PixelRect) -> [SurfaceLayer] {
        guard rect.width > 0, rect.height > 0, look.opacity > 0, look.rect.clipped(to: bounds) != nil else { return [] }
        let sx = Double(look.rect.width) / Double(rect.width), sy = Double(look.rect.height) / Double(rect.height)
        return map { layer in
            var moved = layer
            let x0 = (Double(layer.rect.x - rect.x) * sx).rounded(), y0 = (Double(layer.rect.y - rect.y) * sy).rounded()
            let x1 = (Double(layer.rect.x + layer.rect.width - rect.x) * sx).rounded()
            let y1 = (Double(layer.rect.y + layer.rect.height - rect.y) * sy).rounded()
            moved.rect = PixelRect(x: look.rect.x + Int(x0), y: look.rect.y + Int(y0), width: Int(x1 - x0), height: Int(y1 - y0))
            moved.opacity *= Float(look.opacity)
            return moved
        }
    }
}

/// One frame of a window's resize, as a resize shader draws it: the window's
/// layers where it now is (`at`), its old picture and where that was, and
/// the rectangle drawn between them `progress` of the way.
struct ShadedResize {
    let after: [SurfaceLayer]
    let at: PixelRect
    let before: Texture
    let from: PixelRect
    let drawn: PixelRect
    let progress: Double
}
