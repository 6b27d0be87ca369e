import CGLES
import Synchronization

/// How a texture holds its pixels on the GPU.
public enum TextureStorage: Sendable {
    /// Bytes B, G, R, A: wl_shm's own order, so an upload is a straight copy, and
    /// sampling into a target of the same storage takes llvmpipe's linear fast path.
    /// Needs GL_EXT_texture_format_BGRA8888.
    case bgra8
    /// Bytes R, G, B, A; wl_shm buffers are uploaded as they are and swizzled when sampled.
    case rgba8

    /// BGRA8 where the context offers it, RGBA8 otherwise. Read from the context
    /// current when the first texture is made (Segue makes one context per
    /// process) and kept; asked with no context current (a handle with no GL
    /// behind it, `Painter`'s stand-ins), RGBA8, and nothing is kept.
    public static var native: TextureStorage {
        if let known = read.withLock({ $0 }) { return known }
        guard let extensions = glGetString(GLenum(GL_EXTENSIONS)) else { return .rgba8 }
        let names = String(cString: extensions).split(separator: " ")
        let found: TextureStorage = names.contains("GL_EXT_texture_format_BGRA8888") ? .bgra8 : .rgba8
        read.withLock { $0 = found }
        return found
    }

    /// What `native` read from a context.
    private static let read = Mutex<TextureStorage?>(nil)

    /// glTexImage2D's internal format and format, which GLES requires to agree.
    var glFormat: GLenum {
        switch self {
        case .bgra8: GLenum(GL_BGRA_EXT)
        case .rgba8: GLenum(GL_RGBA)
        }
    }

    var internalFormat: GLint {
        switch self {
        case .bgra8: GLint(GL_BGRA_EXT)
        case .rgba8: GL_RGBA8
        }
    }
}
