import CGLES
import SegueEngine

/// Draws textures as rectangles: windows onto their screens, screens onto the
/// output, an effect's unmasked layers. Colours are premultiplied, as wl_shm's are.
final class QuadProgram {
    private let program: ShaderProgram
    private let placement: LayerPlacement.Uniforms
    private let targetSize: GLint
    private let tint: GLint
    private let opaque: GLint
    private var vertexArray: GLuint = 0
    private var vertexBuffer: GLuint = 0

    init() throws {
        program = try .library("Segue's quad program", vertex: "quad-vertex.glsl", fragment: "quad-fragment.glsl")
        placement = LayerPlacement.Uniforms(program)
        targetSize = program.uniform("segueTargetSize")
        tint = program.uniform("segueTint")
        opaque = program.uniform("segueOpaque")
        glUseProgram(program.id)
        glUniform1i(program.uniform("segueTexture"), 0)
        glGenVertexArrays(1, &vertexArray)
        glBindVertexArray(vertexArray)
        glGenBuffers(1, &vertexBuffer)
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), vertexBuffer)
        let strip: [Float] = [-1, -1, 1, -1, -1, 1, 1, 1]
        strip.withUnsafeBytes { glBufferData(GLenum(GL_ARRAY_BUFFER), $0.count, $0.baseAddress, GLenum(GL_STATIC_DRAW)) }
        glEnableVertexAttribArray(0)
        glVertexAttribPointer(0, 2, GLenum(GL_FLOAT), GLboolean(GL_FALSE), 0, nil)
    }

    deinit {
        glDeleteBuffers(1, &vertexBuffer)
        glDeleteVertexArrays(1, &vertexArray)
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
        glUseProgram(program.id)
        glBindVertexArray(vertexArray)
        if blend {
            glEnable(GLenum(GL_BLEND))
            glBlendFuncSeparate(GLenum(GL_ONE), GLenum(GL_ONE_MINUS_SRC_ALPHA), GLenum(GL_ZERO), GLenum(GL_ONE))
        }
        texture.bind(unit: 0, mipmapLevels: mipmapLevels)
        glUniform1i(opaque, texture.isOpaque ? 1 : 0)
        glUniform4f(tint, colour.0, colour.1, colour.2, colour.3)
        glUniform2f(targetSize, Float(target.width), Float(target.height))
        placement.set(self.placement)
        glDrawArrays(GLenum(GL_TRIANGLE_STRIP), 0, 4)
        if blend { glDisable(GLenum(GL_BLEND)) }
        target.texture.contentChanged()
    }
}
