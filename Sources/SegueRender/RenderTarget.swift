import CGLES
import SegueEngine
import SegueImaging

/// A framebuffer frames are drawn into: an offscreen one of any size,
/// drawing into a texture, or a window's own (framebuffer 0 of its EGL
/// surface). Like every texture, it holds rows top first: row 0 is the
/// image's top, so reading it back or sampling it as a screen needs no flip;
/// a window shows it upright by its buffer transform.
public final class RenderTarget {
    /// The texture it draws into; nil for a window's framebuffer, which only
    /// the window system reads.
    public let texture: Texture?
    let framebuffer: GLuint
    /// Whether `framebuffer` was made here, and goes with it.
    private var ownsFramebuffer = true

    /// The fence of the last frame submitted into this target.
    package internal(set) var fence: FrameFence?

    public private(set) var width: Int
    public private(set) var height: Int
    package var bounds: PixelRect { PixelRect(x: 0, y: 0, width: width, height: height) }

    /// Sets whole pixels to `colour` (red, green, blue, alpha, premultiplied;
    /// with `alphaOnly`, their alpha alone): scissored clears. The scissor is
    /// left as it was.
    func clear(_ rects: [PixelRect], to colour: (Float, Float, Float, Float), alphaOnly: Bool = false) {
        bind()
        let scissoring = glIsEnabled(GLenum(GL_SCISSOR_TEST)) == GLboolean(GL_TRUE)
        var box: [GLint] = [0, 0, 0, 0]
        glGetIntegerv(GLenum(GL_SCISSOR_BOX), &box)
        glEnable(GLenum(GL_SCISSOR_TEST))
        let colourToo = GLboolean(alphaOnly ? GL_FALSE : GL_TRUE)
        glColorMask(colourToo, colourToo, colourToo, GLboolean(GL_TRUE))
        ClearColour.set((colour.0, colour.1, colour.2), alpha: colour.3)
        for rect in rects {
            guard let clipped = rect.clipped(to: bounds) else { continue }
            glScissor(GLint(clipped.x), GLint(clipped.y), GLsizei(clipped.width), GLsizei(clipped.height))
            glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
        }
        glColorMask(GLboolean(GL_TRUE), GLboolean(GL_TRUE), GLboolean(GL_TRUE), GLboolean(GL_TRUE))
        glScissor(box[0], box[1], box[2], box[3])
        if !scissoring { glDisable(GLenum(GL_SCISSOR_TEST)) }
        texture?.contentChanged()
    }

    /// Alpha 1 over whole pixels, their colour kept: where an opaque texture
    /// was copied in, its stored alpha (XRGB's unused byte) replaced, as a
    /// frame laid over the desktop needs.
    func makeOpaque(_ rects: [PixelRect]) {
        clear(rects, to: (0, 0, 0, 1), alphaOnly: true)
    }

    public init(width: Int, height: Int, storage: TextureStorage = .native) throws {
        let texture = try Texture(width: width, height: height, storage: storage)
        self.texture = texture
        self.width = width
        self.height = height
        var fbo: GLuint = 0
        glGenFramebuffers(1, &fbo)
        framebuffer = fbo
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), fbo)
        glFramebufferTexture2D(GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0),
                               GLenum(GL_TEXTURE_2D), texture.id, 0)
        let status = glCheckFramebufferStatus(GLenum(GL_FRAMEBUFFER))
        guard status == GL_FRAMEBUFFER_COMPLETE else {
            glDeleteFramebuffers(1, &fbo)
            throw RenderError("framebuffer \(width)x\(height) is incomplete (status 0x\(String(status, radix: 16)))")
        }
        Self.live += 1
    }

    /// The framebuffer of the window surface current on this thread, or
    /// another framebuffer of the caller's (`framebuffer`), drawn into where it is.
    package init(windowOfWidth width: Int, height: Int, framebuffer: GLuint = 0) {
        texture = nil
        self.framebuffer = framebuffer
        ownsFramebuffer = false
        self.width = width
        self.height = height
    }

    /// A target standing in for one drawing into `texture`, with no
    /// framebuffer behind it: what a painter other than the renderer hands
    /// out (`Painter`), whose drawing GL never sees.
    package init(standingInFor texture: Texture) {
        self.texture = texture
        framebuffer = 0
        width = texture.width
        height = texture.height
        ownsFramebuffer = false
    }

    /// A window's framebuffer takes the window's new size.
    package func windowResized(width: Int, height: Int) {
        guard texture == nil else { return }
        (self.width, self.height) = (width, height)
    }

    /// The texture an offscreen target draws into, for sampling or copying it.
    package func drawnTexture() throws -> Texture {
        guard let texture else { throw RenderError("a window's framebuffer cannot be sampled") }
        return texture
    }

    /// Render targets alive now, for leak checks; made and freed on the GL thread.
    nonisolated(unsafe) package private(set) static var live = 0

    deinit {
        guard ownsFramebuffer else { return }
        var fbo = framebuffer
        glDeleteFramebuffers(1, &fbo)
        Self.live -= 1
    }

    func bind() {
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
        glViewport(0, 0, GLsizei(width), GLsizei(height))
    }

    /// Reads the target back as an image, top row first. An opaque target
    /// (an output's frame, whose alpha may hold what XRGB clients left in their
    /// unused byte) reads back with every alpha 255.
    public func readPixels(opaque: Bool = false) -> RGBAImage {
        var image = RGBAImage(width: width, height: height, pixels: [UInt8](repeating: 0, count: width * height * 4))
        readPixels(into: &image, opaque: opaque)
        return image
    }

    /// Reads the target back into `image`, whose memory is reused when it is
    /// the target's size (a screen-sized block costs a mapping and its page
    /// faults each time it is new) and replaced otherwise.
    public func readPixels(into image: inout RGBAImage, opaque: Bool = false) {
        if image.width != width || image.height != height {
            image = RGBAImage(width: width, height: height, pixels: [UInt8](repeating: 0, count: width * height * 4))
        }
        bind()
        glPixelStorei(GLenum(GL_PACK_ALIGNMENT), 4)
        image.pixels.withUnsafeMutableBytes { bytes in
            glReadPixels(0, 0, GLsizei(width), GLsizei(height), GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE),
                         bytes.baseAddress)
        }
        if opaque {
            for i in Swift.stride(from: 3, to: image.pixels.count, by: 4) { image.pixels[i] = 255 }
        }
    }
}
