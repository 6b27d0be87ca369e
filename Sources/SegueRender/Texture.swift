import CEGL
import CGLES
import Foundation
import SegueEngine
import SegueImaging

/// A GL texture holding one screen, rows top first (row 0 is the top), like
/// every texture and render target in Segue; stored as BGRA8 where the context
/// offers it (see `TextureStorage`).
///
/// Uploads take the memory's row stride, so a wl_shm buffer is read in place,
/// and may cover only the damaged rectangles. Mipmaps are rebuilt lazily, when
/// an effect that scales screens down samples a texture whose content changed.
public final class Texture {
    public let id: GLuint
    public let width: Int
    public let height: Int
    public let storage: TextureStorage
    package private(set) var format: PixelFormat?
    private var mipmapsValid = false
    /// Levels below the base that hold the current content (GL_TEXTURE_MAX_LEVEL).
    private(set) var mipmapLevels = 0
    /// How often mipmaps were built, and how many levels were made in all: a test's window onto `bind`'s economy.
    private(set) var mipmapBuilds = 0
    private(set) var mipmapLevelsMade = 0
    /// An embedder's texture, sampled where it is: never deleted, never given mipmaps.
    private let borrowed: Bool
    /// The client's dmabuf, as an EGLImage, this texture samples where it is:
    /// destroyed with the texture, never given mipmaps.
    private let image: (display: EGLDisplay, image: EGLImageKHR)?
    /// A borrowed texture's own swizzle (R, G, B, A), read before Segue sets its alpha.
    private lazy var hostSwizzle: [GLint] = {
        glBindTexture(GLenum(GL_TEXTURE_2D), id)
        return Self.swizzleChannels.map { channel in
            var value: GLint = 0
            glGetTexParameteriv(GLenum(GL_TEXTURE_2D), GLenum(channel), &value)
            return value
        }
    }()
    private static let swizzleChannels = [GL_TEXTURE_SWIZZLE_R, GL_TEXTURE_SWIZZLE_G, GL_TEXTURE_SWIZZLE_B, GL_TEXTURE_SWIZZLE_A]
    /// Filtering between texels and sampling past the edges, as every screen is read.
    private static let edgeSampling = [(GL_TEXTURE_MAG_FILTER, GL_LINEAR), (GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE),
                                       (GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE)]

    public init(width: Int, height: Int, storage: TextureStorage = .native) throws {
        guard width > 0, height > 0, width <= Self.maxSize, height <= Self.maxSize else {
            throw RenderError("texture size \(width)x\(height) is outside 1...\(Self.maxSize)")
        }
        var id: GLuint = 0
        glGenTextures(1, &id)
        // Without a current context GL calls do nothing, and every draw would come out black.
        guard id != 0 else { throw RenderError("no GL context is current: make the renderer's context current first") }
        self.id = id
        Self.live += 1
        self.width = width
        self.height = height
        self.storage = storage
        borrowed = false
        image = nil
        glBindTexture(GLenum(GL_TEXTURE_2D), id)
        glTexImage2D(GLenum(GL_TEXTURE_2D), 0, storage.internalFormat, GLsizei(width), GLsizei(height), 0,
                     storage.glFormat, GLenum(GL_UNSIGNED_BYTE), nil)
        for (name, value) in [(GL_TEXTURE_MIN_FILTER, GL_LINEAR)] + Self.edgeSampling {
            glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(name), value)
        }
        // Until content is uploaded the texture is a screen Segue draws: opaque,
        // whatever alpha a blit of XRGB content leaves.
        applySwizzle(opaqueAlpha: false)
    }

    public convenience init(image: RGBAImage, storage: TextureStorage = .native) throws {
        try self.init(width: image.width, height: image.height, storage: storage)
        image.pixels.withUnsafeBytes { bytes in
            upload(bytes, stride: image.width * 4, format: .rgba8888)
        }
    }

    /// An embedder's texture `id` of `width` × `height`, rows top first, read
    /// as it is (its alpha counts unless `opaque`). Binding it sets its
    /// sampling parameters, which the embedder's are restored over
    /// (`HostGLState`); so a borrowed texture is made anew for each frame.
    package init(borrowing id: GLuint, width: Int, height: Int, opaque: Bool) {
        self.id = id
        self.width = width
        self.height = height
        storage = .native
        format = opaque ? nil : .rgba8888
        borrowed = true
        image = nil
        sampling = nil
        swizzledOpaque = nil
    }

    /// A texture whose storage is `image`, a client's dmabuf of `width` ×
    /// `height` imported as an EGLImage, rows top first, its alpha ignored if
    /// `opaque`. The driver samples its channels in order, as BGRA8 storage
    /// samples wl_shm's formats, so it is stored as that. It takes the image:
    /// destroyed with the texture, or at once where GL cannot sample it as a 2D texture.
    package init(image: EGLImageKHR, display: EGLDisplay, width: Int, height: Int, opaque: Bool) throws {
        var id: GLuint = 0
        glGenTextures(1, &id)
        guard id != 0 else {
            segue_egl_destroy_image(display, image)
            throw RenderError("no GL context is current: make the renderer's context current first")
        }
        glBindTexture(GLenum(GL_TEXTURE_2D), id)
        guard Self.attach(image, to: GL_TEXTURE_2D) else {
            glDeleteTextures(1, &id)
            segue_egl_destroy_image(display, image)
            throw RenderError("GL cannot sample this dmabuf as a 2D texture (GL_OES_EGL_image)")
        }
        for (name, value) in [(GL_TEXTURE_MIN_FILTER, GL_LINEAR)] + Self.edgeSampling {
            glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(name), value)
        }
        self.id = id
        Self.live += 1
        self.width = width
        self.height = height
        storage = .bgra8
        format = opaque ? .xrgb8888 : .argb8888
        borrowed = false
        self.image = (display, image)
        applySwizzle(opaqueAlpha: false)
    }

    /// Whether its storage is a client's memory (an imported dmabuf), which
    /// the client may write again once it has it back.
    package var isClientMemory: Bool { image != nil }

    /// Binds the image again as the texture's storage, for a client's buffer
    /// shown again with new content: a driver may not see the client's writes
    /// otherwise (wlroots binds again too).
    package func rebindImage() {
        guard let image else { return }
        glBindTexture(GLenum(GL_TEXTURE_2D), id)
        _ = Self.attach(image.image, to: GL_TEXTURE_2D)
        contentChanged()
    }

    /// Makes `image` the storage of the texture bound to `target`
    /// (GL_TEXTURE_2D or GL_TEXTURE_EXTERNAL_OES); whether GL took it.
    static func attach(_ image: EGLImageKHR, to target: Int32) -> Bool {
        // Errors of earlier calls go first, so the one read after is this call's.
        var earlier = 0
        while glGetError() != GL_NO_ERROR, earlier < 8 { earlier += 1 }
        return segue_gl_texture_from_image(UInt32(target), image) == EGL_TRUE && glGetError() == GL_NO_ERROR
    }

    deinit {
        guard !borrowed else { return }
        var id = self.id
        glDeleteTextures(1, &id)
        if let image { segue_egl_destroy_image(image.display, image.image) }
        Self.live -= 1
    }

    /// Textures alive now, for leak checks (`segue msg outputs`). Textures are
    /// made and freed only on the thread whose GL context they belong to.
    nonisolated(unsafe) package private(set) static var live = 0

    /// The largest side Segue accepts for a screen.
    public static let maxSize = 16384

    /// Copies pixels in from memory laid out as `format` with `stride` bytes per
    /// row, the whole texture or only `region`. The caller guarantees `bytes`
    /// covers `stride × height` bytes.
    package func upload(_ bytes: UnsafeRawBufferPointer, stride: Int, format: PixelFormat,
                       region: PixelRect? = nil) {
        let full = PixelRect(x: 0, y: 0, width: width, height: height)
        guard stride % 4 == 0, stride >= width * 4, bytes.count >= stride * height,
              let base = bytes.baseAddress,
              let rect = (region ?? full).clipped(to: full) else { return }
        glBindTexture(GLenum(GL_TEXTURE_2D), id)
        if self.format != format {
            self.format = format
            applySwizzle(opaqueAlpha: false)
        }
        glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 4)
        if storage == .bgra8 && format == .rgba8888 {
            // RGBAImage's order into BGRA storage: swapped here, off the hot path (tests, PNGs, previews).
            var swapped = [UInt8](repeating: 0, count: rect.width * rect.height * 4)
            for row in 0..<rect.height {
                let source = base + (rect.y + row) * stride + rect.x * 4
                for x in 0..<rect.width {
                    let s = source + x * 4, d = (row * rect.width + x) * 4
                    swapped[d] = s.load(fromByteOffset: 2, as: UInt8.self)
                    swapped[d + 1] = s.load(fromByteOffset: 1, as: UInt8.self)
                    swapped[d + 2] = s.load(as: UInt8.self)
                    swapped[d + 3] = s.load(fromByteOffset: 3, as: UInt8.self)
                }
            }
            glTexSubImage2D(GLenum(GL_TEXTURE_2D), 0, GLint(rect.x), GLint(rect.y), GLsizei(rect.width), GLsizei(rect.height),
                            storage.glFormat, GLenum(GL_UNSIGNED_BYTE), swapped)
        } else {
            glPixelStorei(GLenum(GL_UNPACK_ROW_LENGTH), GLint(stride / 4))
            glTexSubImage2D(GLenum(GL_TEXTURE_2D), 0, GLint(rect.x), GLint(rect.y),
                            GLsizei(rect.width), GLsizei(rect.height), storage.glFormat, GLenum(GL_UNSIGNED_BYTE),
                            base + rect.y * stride + rect.x * 4)
            glPixelStorei(GLenum(GL_UNPACK_ROW_LENGTH), 0)
        }
        contentChanged()
    }

    /// Whether every pixel is opaque, so the texture may be copied rather than
    /// blended: a screen Segue drew, or XRGB content. Such a texture's stored
    /// alpha may be anything (XRGB's unused byte): whatever draws it never reads
    /// that alpha unless it binds with `opaqueAlpha`, and whatever reads a
    /// target back treats it as opaque.
    package var isOpaque: Bool { format == nil || format == .xrgb8888 }

    /// Whether a framebuffer blit copies it as it looks: its stored bytes are
    /// the channels GL takes them for. Not so for a client's ARGB/XRGB buffer in
    /// RGBA8 storage (no BGRA8 offered), which only its swizzle puts right.
    package var blitsAsItLooks: Bool {
        if borrowed { return hostSwizzle == [GL_RED, GL_GREEN, GL_BLUE, GL_ALPHA] }
        // A client's dmabuf may be of a format no blit into an 8-bit target takes (16-bit float): drawn, not blitted.
        if image != nil { return false }
        return PixelFormat.swizzle(format, in: storage, opaqueAlpha: false) == PixelFormat.swizzle(nil, in: storage, opaqueAlpha: false)
    }

    /// Reads the stored bytes as `format` from now on, with no upload: for
    /// content whose alpha stops or starts to count. The caller knows the
    /// bytes: alpha may start to count only where every one came with it.
    package func reinterpret(as format: PixelFormat) {
        guard format != self.format else { return }
        self.format = format
        glBindTexture(GLenum(GL_TEXTURE_2D), id)
        applySwizzle(opaqueAlpha: false)
    }

    /// Marks the content as changed by a GL draw or copy into the texture.
    package func contentChanged() { mipmapsValid = false }

    /// Segue drew it with an alpha that counts (a window alone over nothing):
    /// it is sampled with that alpha and blended, not taken as opaque.
    package func holdsAlpha() {
        guard format != .rgba8888 else { return }
        format = .rgba8888
        swizzledOpaque = nil
    }

    /// How the texture was last set up for sampling, so binding it again
    /// changes nothing; nil before a borrowed texture's first binding.
    private var sampling: Sampling? = .level(0)
    private var swizzledOpaque: Bool? = false

    private enum Sampling: Equatable {
        /// Bilinear from one level: the base with no mipmaps (what llvmpipe's
        /// linear path takes), or a level below it, the level-of-detail pinned there.
        case level(Int)
        /// Trilinear through the levels built, as a shader's own level of detail picks.
        case trilinear
    }

    /// Binds the texture to `unit` for a fragment shader that picks its own
    /// level of detail, through `levels` mipmap levels below the base (0:
    /// none; `Int.max`: all). Levels are built only when the content changed
    /// or more are wanted than were built, and only as many as wanted. With
    /// `opaqueAlpha`, an opaque texture's alpha reads as 1.
    func bind(unit: Int, mipmapLevels levels: Int, opaqueAlpha: Bool = false) {
        activate(unit: unit, opaqueAlpha: opaqueAlpha)
        let levels = buildMipmaps(down: levels)
        setSampling(levels > 0 ? .trilinear : .level(0))
    }

    /// Binds the texture to `unit` sampled bilinearly from mipmap `level` alone
    /// (0: the texture itself), building the levels down to it when needed.
    /// Level 0 with the texture's own swizzle is what llvmpipe's linear path
    /// can sample; stored alpha is read as it is, or as 1 for an opaque one with `opaqueAlpha`.
    func bind(unit: Int, level: Int, opaqueAlpha: Bool = false) {
        activate(unit: unit, opaqueAlpha: opaqueAlpha)
        setSampling(.level(buildMipmaps(down: level)))
    }

    /// The deepest mipmap level a texture of this size has.
    var deepestLevel: Int { borrowed || image != nil ? 0 : Int(log2(Double(max(width, height)))) }

    private func activate(unit: Int, opaqueAlpha: Bool) {
        glActiveTexture(GLenum(GL_TEXTURE0 + Int32(unit)))
        glBindTexture(GLenum(GL_TEXTURE_2D), id)
        if (opaqueAlpha && isOpaque) != swizzledOpaque { applySwizzle(opaqueAlpha: opaqueAlpha) }
    }

    /// Builds mipmaps down to `levels` below the base when they are stale or
    /// fewer were built; returns the levels now usable, at most `levels`.
    /// Levels that hold the content still are kept: only the deeper ones are
    /// made, from the deepest kept (a zoom shrinking a picture that does not
    /// change goes a level deeper every few frames, and remaking level 1 from
    /// the whole picture each time cost a few ms a frame on llvmpipe).
    private func buildMipmaps(down levels: Int) -> Int {
        let levels = max(0, min(levels, deepestLevel))
        if levels > 0 && (!mipmapsValid || mipmapLevels < levels) {
            let kept = mipmapsValid ? mipmapLevels : 0
            // GLES 3 derives the levels below TEXTURE_BASE_LEVEL's from it.
            if kept > 0 { glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_BASE_LEVEL), GLint(kept)) }
            glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAX_LEVEL), GLint(levels))
            glGenerateMipmap(GLenum(GL_TEXTURE_2D))
            if kept > 0 { glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_BASE_LEVEL), 0) }
            (mipmapsValid, mipmapLevels) = (true, levels)
            mipmapBuilds += 1
            mipmapLevelsMade += levels - kept
        }
        return levels
    }

    private func setSampling(_ wanted: Sampling) {
        guard wanted != sampling else { return }
        // GL's default level-of-detail range leaves the choice to the shader.
        let (filter, lod): (GLint, ClosedRange<Float>) = switch wanted {
        case .level(0): (GL_LINEAR, -1000...1000)
        case .level(let level): (GL_LINEAR_MIPMAP_NEAREST, Float(level)...Float(level))
        case .trilinear: (GL_LINEAR_MIPMAP_LINEAR, -1000...1000)
        }
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), filter)
        glTexParameterf(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_LOD), lod.lowerBound)
        glTexParameterf(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAX_LOD), lod.upperBound)
        if sampling == nil {
            // A borrowed texture's own: what every texture Segue makes has.
            for (name, value) in Self.edgeSampling + [(GL_TEXTURE_BASE_LEVEL, 0)] {
                glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(name), value)
            }
        }
        sampling = wanted
    }

    /// Sets the swizzle that puts the stored channels right for `format` (see
    /// `PixelFormat.swizzle`), reading alpha as 1 with `opaqueAlpha`.
    private func applySwizzle(opaqueAlpha: Bool) {
        if borrowed { return applyAlphaSwizzle(opaque: opaqueAlpha && isOpaque) }
        let swizzle = PixelFormat.swizzle(format, in: storage, opaqueAlpha: opaqueAlpha && isOpaque)
        for (i, channel) in Self.swizzleChannels.enumerated() {
            glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(channel), swizzle[i])
        }
        swizzledOpaque = opaqueAlpha && isOpaque
    }

    /// A borrowed texture keeps the embedder's swizzle, which puts its
    /// channels right; alpha alone reads as 1 while `opaque`.
    private func applyAlphaSwizzle(opaque: Bool) {
        let own = hostSwizzle  // read before Segue's alpha replaces the embedder's
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_SWIZZLE_A), opaque ? GL_ONE : own[3])
        swizzledOpaque = opaque
    }
}
