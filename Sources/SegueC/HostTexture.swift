import CGLES
import CSegue
import SegueRender

/// An embedder's texture as `segue_texture` names it, checked.
final class HostTexture {
    var texture: segue_texture

    init(_ pointer: UnsafePointer<segue_texture>, side: String) throws {
        texture = try Self.checked(pointer.pointee, side: side)
    }

    /// `texture` if it names a 2D texture of a size Segue draws.
    static func checked(_ texture: segue_texture, side: String) throws -> segue_texture {
        var largest: GLint = 0
        glGetIntegerv(GLenum(GL_MAX_TEXTURE_SIZE), &largest)
        let limit = min(Int(largest), Texture.maxSize)
        guard limit >= 1 else { throw LibraryError(SEGUE_ERROR_GL, "GL gives no texture size (a lost context?)") }
        guard (1...limit).contains(Int(texture.width)), (1...limit).contains(Int(texture.height)) else {
            throw LibraryError.invalid("the \(side) texture's size \(texture.width)x\(texture.height) is outside 1...\(limit)")
        }
        guard texture.id != 0, glIsTexture(texture.id) == GLboolean(GL_TRUE) else {
            throw LibraryError(SEGUE_ERROR_GL, "the \(side) texture \(texture.id) is not a texture of the current context")
        }
        // A texture made for another target (an external image's) cannot be bound as 2D.
        clearGLErrors()
        var bound: GLint = 0
        glGetIntegerv(GLenum(GL_TEXTURE_BINDING_2D), &bound)
        glBindTexture(GLenum(GL_TEXTURE_2D), texture.id)
        let error = glGetError()
        glBindTexture(GLenum(GL_TEXTURE_2D), GLuint(bound))
        guard error == GLenum(GL_NO_ERROR) else {
            throw LibraryError(SEGUE_ERROR_GL, "the \(side) texture \(texture.id) is not a GL_TEXTURE_2D texture")
        }
        return texture
    }

    /// The texture as the renderer samples it, for one frame.
    var borrowed: Texture {
        Texture(borrowing: texture.id, width: Int(texture.width), height: Int(texture.height),
                opaque: texture.flags & UInt32(SEGUE_TEXTURE_OPAQUE) != 0)
    }
}

/// Takes the errors the embedder left pending, which are not Segue's (a few:
/// a lost context reports one for ever).
func clearGLErrors() {
    var taken = 0
    while taken < 16, glGetError() != GLenum(GL_NO_ERROR) { taken += 1 }
}
