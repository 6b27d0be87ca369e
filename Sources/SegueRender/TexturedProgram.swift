import CGLES

/// One of Segue's programs that draws a layer's texture: placed, tinted with
/// a premultiplied colour.
struct TexturedProgram {
    let program: ShaderProgram
    private let placement: LayerPlacement.Uniforms
    private let targetSize, tint: GLint

    init(_ name: String, vertex: String, fragment: String) throws {
        program = try .library(name, vertex: vertex, fragment: fragment)
        placement = LayerPlacement.Uniforms(program)
        targetSize = program.uniform("segueTargetSize")
        tint = program.uniform("segueTint")
        glUseProgram(program.id)
        glUniform1i(program.uniform("segueTexture"), 0)
    }

    /// Makes the program current for `texture` (bound to unit 0 by the caller)
    /// placed by `placement` on `target`.
    func use(_ texture: Texture, at placement: LayerPlacement, tint colour: (Float, Float, Float, Float), on target: RenderTarget) {
        glUseProgram(program.id)
        glUniform4f(tint, colour.0, colour.1, colour.2, colour.3)
        glUniform2f(targetSize, Float(target.width), Float(target.height))
        placement.set(self.placement)
    }
}

/// A vertex array whose one attribute (0, `seguePosition`) is 2D positions.
final class VertexArray {
    private var array: GLuint = 0
    private var buffer: GLuint = 0

    init() {
        glGenVertexArrays(1, &array)
        glBindVertexArray(array)
        glGenBuffers(1, &buffer)
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), buffer)
        glEnableVertexAttribArray(0)
        glVertexAttribPointer(0, 2, GLenum(GL_FLOAT), GLboolean(GL_FALSE), 0, nil)
    }

    deinit {
        glDeleteBuffers(1, &buffer)
        glDeleteVertexArrays(1, &array)
    }

    /// Replaces the positions (x, y pairs); `often` when they change every draw.
    func load(_ positions: [Float], often: Bool) {
        glBindVertexArray(array)
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), buffer)
        positions.withUnsafeBytes {
            glBufferData(GLenum(GL_ARRAY_BUFFER), $0.count, $0.baseAddress, GLenum(often ? GL_STREAM_DRAW : GL_STATIC_DRAW))
        }
    }

    func draw(_ mode: GLenum, count: Int) {
        glBindVertexArray(array)
        glDrawArrays(mode, 0, GLsizei(count))
    }
}
