import CGLES

/// How a layer's colour meets what is under it.
enum LayerBlend: Equatable {
    /// Replaces it: an opaque screen at full opacity.
    case none
    /// A screen mixed with what is under it at this opacity, through the
    /// blend colour, all four channels alike: an opaque screen's stored alpha
    /// (XRGB's unused byte) is never read as a weight.
    case fade(Float)
    /// Premultiplied colour over it, times this premultiplied tint.
    case over(tint: SIMD4<Float>)

    /// How an opaque or translucent screen shows at `opacity`.
    static func screen(opaque: Bool, opacity: Float) -> LayerBlend {
        if !opaque { return .over(tint: SIMD4(repeating: opacity)) }
        return opacity >= 1 ? .none : .fade(opacity)
    }

    /// Sets GL's blending for it; `.none` leaves it off.
    func enable() {
        switch self {
        case .none:
            glDisable(GLenum(GL_BLEND))
        case .fade(let opacity):
            glEnable(GLenum(GL_BLEND))
            glBlendColor(0, 0, 0, opacity)
            // Alpha alike: an opaque target's alpha means nothing, and one
            // function for all four channels is a single lerp on llvmpipe.
            glBlendFunc(GLenum(GL_CONSTANT_ALPHA), GLenum(GL_ONE_MINUS_CONSTANT_ALPHA))
        case .over:
            glEnable(GLenum(GL_BLEND))
            // Alpha too: a target that keeps coverage (a window alone over nothing) adds up what covers it.
            glBlendFunc(GLenum(GL_ONE), GLenum(GL_ONE_MINUS_SRC_ALPHA))
        }
    }
}

/// Draws a texture over a `LayerMesh`: every screen Segue moves, scales, turns,
/// fades or composes. Both programs are shapes llvmpipe runs on its linear path.
final class MeshProgram {
    private let plain: ShaderProgram
    private let tinted: ShaderProgram
    private let plainSize, tintedSize, tint: GLint
    private let vertices = VertexArray(components: [2, 2])

    /// Vertices per draw call: llvmpipe's draw module cuts longer lists at
    /// multiples of three, which would pair the triangles of later rectangles
    /// wrongly; a multiple of six keeps every pair.
    private static let verticesPerDraw = 4092

    init() throws {
        plain = try .library("Segue's mesh program", vertex: "mesh-vertex.glsl", fragment: "texture-fragment.glsl")
        tinted = try .library("Segue's tinted mesh program", vertex: "mesh-vertex.glsl", fragment: "tinted-fragment.glsl")
        plainSize = plain.uniform("segueTargetSize")
        tintedSize = tinted.uniform("segueTargetSize")
        tint = tinted.uniform("segueTint")
        for program in [plain, tinted] {
            glUseProgram(program.id)
            glUniform1i(program.uniform("segueTexture"), 0)
        }
    }

    /// Draws `texture`, sampled from mipmap `level` alone, over `mesh` into
    /// `target`; an opaque texture's alpha read as 1 where `opaqueAlpha`.
    func draw(_ mesh: LayerMesh, _ texture: Texture, level: Int = 0, blend: LayerBlend, opaqueAlpha: Bool = false,
              into target: RenderTarget) {
        guard !mesh.isEmpty else { return }
        target.bind()
        texture.bind(unit: 0, level: level, opaqueAlpha: opaqueAlpha)
        // Untinted, the plain program: a shape llvmpipe blends on its linear path.
        if case .over(let colour) = blend, colour != SIMD4(repeating: 1) {
            glUseProgram(tinted.id)
            glUniform4f(tint, colour.x, colour.y, colour.z, colour.w)
            glUniform2f(tintedSize, Float(target.width), Float(target.height))
        } else {
            glUseProgram(plain.id)
            glUniform2f(plainSize, Float(target.width), Float(target.height))
        }
        blend.enable()
        vertices.load(mesh.vertices, often: true)
        for first in stride(from: 0, to: mesh.vertexCount, by: Self.verticesPerDraw) {
            vertices.draw(GLenum(GL_TRIANGLES), first: first, count: min(Self.verticesPerDraw, mesh.vertexCount - first))
        }
        glDisable(GLenum(GL_BLEND))
        target.texture?.contentChanged()
    }
}

/// A vertex array of interleaved float attributes, numbered from 0 in order.
final class VertexArray {
    private var array: GLuint = 0
    private var buffer: GLuint = 0

    /// `components`: floats per attribute, e.g. [2, 2] for a position and a texture point.
    init(components: [Int]) {
        glGenVertexArrays(1, &array)
        glBindVertexArray(array)
        glGenBuffers(1, &buffer)
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), buffer)
        let stride = GLsizei(components.reduce(0, +) * MemoryLayout<Float>.size)
        var offset = 0
        for (index, count) in components.enumerated() {
            glEnableVertexAttribArray(GLuint(index))
            glVertexAttribPointer(GLuint(index), GLint(count), GLenum(GL_FLOAT), GLboolean(GL_FALSE), stride,
                                  UnsafeRawPointer(bitPattern: offset))
            offset += count * MemoryLayout<Float>.size
        }
    }

    deinit {
        glDeleteBuffers(1, &buffer)
        glDeleteVertexArrays(1, &array)
    }

    /// Replaces the vertices; `often` when they change every draw.
    func load(_ values: [Float], often: Bool) {
        glBindVertexArray(array)
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), buffer)
        values.withUnsafeBytes {
            glBufferData(GLenum(GL_ARRAY_BUFFER), $0.count, $0.baseAddress, GLenum(often ? GL_STREAM_DRAW : GL_STATIC_DRAW))
        }
    }

    func draw(_ mode: GLenum, first: Int = 0, count: Int) {
        glBindVertexArray(array)
        glDrawArrays(mode, GLint(first), GLsizei(count))
    }
}
