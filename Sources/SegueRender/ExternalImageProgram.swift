import CGLES

/// Draws an external image (GL_TEXTURE_EXTERNAL_OES) over the whole of a
/// target, rows top first: a client's dmabuf whose layout GL samples only
/// so, made an ordinary texture that every drawing path takes.
final class ExternalImageProgram {
    private let program: ShaderProgram
    private let square = VertexArray(components: [2])

    init() throws {
        program = try .library("Segue's external image program", vertex: "external-vertex.glsl", fragment: "external-fragment.glsl")
        glUseProgram(program.id)
        glUniform1i(program.uniform("segueImage"), 0)
        square.load([0, 0, 1, 0, 0, 1, 1, 1], often: false)
    }

    /// Draws the external texture `external` over all of `target`.
    func draw(_ external: GLuint, into target: RenderTarget) {
        target.bind()
        glUseProgram(program.id)
        glActiveTexture(GLenum(GL_TEXTURE0))
        glBindTexture(GLenum(GL_TEXTURE_EXTERNAL_OES), external)
        glDisable(GLenum(GL_BLEND))
        square.draw(GLenum(GL_TRIANGLE_STRIP), count: 4)
        glBindTexture(GLenum(GL_TEXTURE_EXTERNAL_OES), 0)
        target.texture?.contentChanged()
    }
}
