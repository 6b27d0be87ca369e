import CGLES
import SegueEngine

/// Draws textures as rectangles: windows onto their screens, screens onto the
/// output, an effect's unmasked layers. Colours are premultiplied, as wl_shm's are.
final class QuadProgram {
    private let textured: TexturedProgram
    private let square = VertexArray()

    init() throws {
        textured = try TexturedProgram("Segue's quad program", vertex: "quad-vertex.glsl", fragment: "quad-fragment.glsl")
        // A fan of four: llvmpipe recognises it as a rectangle (a strip it does not).
        square.load([-1, -1, 1, -1, 1, 1, -1, 1], often: false)
    }

    /// Clears `target` to `background` and draws each layer, bottom first,
    /// blending premultiplied colours; with `clip`, only inside it.
    func draw(_ layers: [(texture: Texture, rect: PixelRect)], background: (Float, Float, Float), into target: RenderTarget,
              clip: PixelRect? = nil) {
        target.bind()
        if let clip {
            glEnable(GLenum(GL_SCISSOR_TEST))
            glScissor(GLint(clip.x), GLint(clip.y), GLsizei(clip.width), GLsizei(clip.height))
        }
        defer { glDisable(GLenum(GL_SCISSOR_TEST)) }
        glClearColor(background.0, background.1, background.2, 1)
        glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
        for layer in layers {
            let r = layer.rect
            let frame = LayerRect(x: Double(r.x), y: Double(r.y), width: Double(r.width), height: Double(r.height))
            draw(layer.texture, at: LayerPlacement(frame: frame), tint: (1, 1, 1, 1), blend: !layer.texture.isOpaque, into: target)
        }
    }

    /// Draws `texture` placed by `placement` (output pixels, rows top first),
    /// times the premultiplied `tint`; with `blend`, over what is there.
    func draw(_ texture: Texture, at placement: LayerPlacement, tint colour: (Float, Float, Float, Float), blend: Bool,
              mipmapLevels: Int = 0, into target: RenderTarget) {
        target.bind()
        if blend {
            glEnable(GLenum(GL_BLEND))
            glBlendFuncSeparate(GLenum(GL_ONE), GLenum(GL_ONE_MINUS_SRC_ALPHA), GLenum(GL_ZERO), GLenum(GL_ONE))
        }
        texture.bind(unit: 0, mipmapLevels: mipmapLevels)
        textured.use(texture, at: placement, tint: colour, on: target)
        square.draw(GLenum(GL_TRIANGLE_FAN), count: 4)
        if blend { glDisable(GLenum(GL_BLEND)) }
        target.texture.contentChanged()
    }
}
