import CGLES
import SegueEngine
import SegueImaging

/// An RGBA8 GL texture holding one screen, rows top first (row 0 is the top),
/// like every texture and render target in Segue.
///
/// Uploads take the memory's row stride, so a wl_shm buffer is read in place,
/// and may cover only the damaged rectangles. Mipmaps are rebuilt lazily, when
/// an effect that scales screens down samples a texture whose content changed.
public final class Texture {
    public let id: GLuint
    public let width: Int
    public let height: Int
    public private(set) var format: PixelFormat?
    private var mipmapsValid = false
    private var mipmapped = false

    public init(width: Int, height: Int) throws {
        guard width > 0, height > 0, width <= Self.maxSize, height <= Self.maxSize else {
            throw RenderError("texture size \(width)x\(height) is outside 1...\(Self.maxSize)")
        }
        var id: GLuint = 0
        glGenTextures(1, &id)
        self.id = id
        self.width = width
        self.height = height
        glBindTexture(GLenum(GL_TEXTURE_2D), id)
        glTexImage2D(GLenum(GL_TEXTURE_2D), 0, GL_RGBA8, GLsizei(width), GLsizei(height), 0,
                     GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), nil)
        for (name, value) in [(GL_TEXTURE_MIN_FILTER, GL_LINEAR), (GL_TEXTURE_MAG_FILTER, GL_LINEAR),
                              (GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE), (GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE)] {
            glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(name), value)
        }
    }

    public convenience init(image: RGBAImage) throws {
        try self.init(width: image.width, height: image.height)
        image.pixels.withUnsafeBytes { bytes in
            upload(bytes, stride: image.width * 4, format: .rgba8888)
        }
    }

    deinit {
        var id = self.id
        glDeleteTextures(1, &id)
    }

    /// The largest side Segue accepts for a screen.
    public static let maxSize = 16384

    /// Copies pixels in from memory laid out as `format` with `stride` bytes per
    /// row, the whole texture or only `region`. The caller guarantees `bytes`
    /// covers `stride × height` bytes.
    public func upload(_ bytes: UnsafeRawBufferPointer, stride: Int, format: PixelFormat,
                       region: PixelRect? = nil) {
        let full = PixelRect(x: 0, y: 0, width: width, height: height)
        guard stride % 4 == 0, stride >= width * 4, bytes.count >= stride * height,
              let base = bytes.baseAddress,
              let rect = (region ?? full).clipped(to: full) else { return }
        glBindTexture(GLenum(GL_TEXTURE_2D), id)
        if self.format != format {
            let swizzle = format.swizzle
            for (i, channel) in [GL_TEXTURE_SWIZZLE_R, GL_TEXTURE_SWIZZLE_G, GL_TEXTURE_SWIZZLE_B, GL_TEXTURE_SWIZZLE_A].enumerated() {
                glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(channel), swizzle[i])
            }
            self.format = format
        }
        glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 4)
        glPixelStorei(GLenum(GL_UNPACK_ROW_LENGTH), GLint(stride / 4))
        glTexSubImage2D(GLenum(GL_TEXTURE_2D), 0, GLint(rect.x), GLint(rect.y),
                        GLsizei(rect.width), GLsizei(rect.height), GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE),
                        base + rect.y * stride + rect.x * 4)
        glPixelStorei(GLenum(GL_UNPACK_ROW_LENGTH), 0)
        contentChanged()
    }

    /// Marks the content as changed by a GL draw or copy into the texture.
    public func contentChanged() { mipmapsValid = false }

    /// Binds the texture to `unit`, sampling through mipmaps or not.
    func bind(unit: Int, mipmapped wantsMipmaps: Bool) {
        glActiveTexture(GLenum(GL_TEXTURE0 + Int32(unit)))
        glBindTexture(GLenum(GL_TEXTURE_2D), id)
        if wantsMipmaps && !mipmapsValid {
            glGenerateMipmap(GLenum(GL_TEXTURE_2D))
            mipmapsValid = true
        }
        if wantsMipmaps != mipmapped {
            glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER),
                            wantsMipmaps ? GL_LINEAR_MIPMAP_LINEAR : GL_LINEAR)
            mipmapped = wantsMipmaps
        }
    }
}
