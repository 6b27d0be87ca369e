import CGLES
import SegueEngine

/// Draws an effect's layers, bottom first, each by the cheapest exact path: a
/// blit for an opaque screen placed on whole pixels at its own size, a fill for
/// an opaque colour, one textured quad otherwise.
struct LayerPainter {
    let quads: QuadProgram
    let white: Texture
    let copy: (Texture, RenderTarget, Int, Int) -> Void

    /// The layers cover the output; where the bottom one lets light through, it
    /// is black, as a fragment shader's premultiplied output would show.
    func paint(_ layers: [Layer], from: Texture, to: Texture, into target: RenderTarget) {
        if let bottom = layers.first, !isOpaque(bottom, from: from, to: to) {
            fill(PixelRect(x: 0, y: 0, width: target.width, height: target.height), (0, 0, 0), target)
        }
        for layer in layers where layer.opacity > 0 {
            let opacity = Float(min(layer.opacity, 1))
            switch layer.content {
            case .color(let red, let green, let blue):
                let colour = (Float(red), Float(green), Float(blue))
                if opacity >= 1, let rect = layer.frame.pixelRect {
                    fill(rect, colour, target)
                } else {
                    quads.draw(white, at: layer.frame, tint: (colour.0 * opacity, colour.1 * opacity, colour.2 * opacity, opacity),
                               blend: opacity < 1, into: target)
                }
            case .from, .to:
                let screen = layer.content == .from ? from : to
                if opacity >= 1, screen.isOpaque, let rect = layer.frame.pixelRect,
                   rect.width == screen.width, rect.height == screen.height {
                    copy(screen, target, rect.x, rect.y)
                } else {
                    quads.draw(screen, at: layer.frame, tint: (opacity, opacity, opacity, opacity),
                               blend: opacity < 1 || !screen.isOpaque, into: target)
                }
            }
        }
    }

    private func isOpaque(_ layer: Layer, from: Texture, to: Texture) -> Bool {
        switch layer.content {
        case .color: layer.opacity >= 1
        case .from: layer.opacity >= 1 && from.isOpaque
        case .to: layer.opacity >= 1 && to.isOpaque
        }
    }

    /// An opaque colour over whole pixels: a scissored clear.
    private func fill(_ rect: PixelRect, _ colour: (Float, Float, Float), _ target: RenderTarget) {
        guard let clipped = rect.clipped(to: PixelRect(x: 0, y: 0, width: target.width, height: target.height)) else { return }
        target.bind()
        glEnable(GLenum(GL_SCISSOR_TEST))
        glScissor(GLint(clipped.x), GLint(clipped.y), GLsizei(clipped.width), GLsizei(clipped.height))
        glClearColor(colour.0, colour.1, colour.2, 1)
        glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
        glDisable(GLenum(GL_SCISSOR_TEST))
        target.texture.contentChanged()
    }
}
