import CEGL
import CGLES
import CWaylandClient
import Glibc
import SegueClientSupport

/// A GL texture the picture is drawn into, shared with the compositor as a
/// dmabuf through zwp_linux_dmabuf_v1: no pixel is copied by the CPU.
final class DmabufBuffer: ClientBuffer {
    private let exporter: DmabufExporter
    private let texture: GLuint
    private let framebuffer: GLuint
    private let image: EGLImageKHR
    private let buffer: OpaquePointer
    let canvas: any Canvas
    private(set) var busy = false
    var onRelease: () -> Void = {}

    /// `offered`: the layouts the compositor takes; a texture exported in another is refused here.
    init(exporter: DmabufExporter, dmabuf: OpaquePointer, offered: Set<DmabufPair>, width: Int, height: Int) throws(BufferFailure) {
        self.exporter = exporter
        var names: [GLuint] = [0, 0]
        glGenTextures(1, &names[0])
        glBindTexture(GLenum(GL_TEXTURE_2D), names[0])
        glTexStorage2D(GLenum(GL_TEXTURE_2D), 1, GLenum(GL_RGBA8), GLsizei(width), GLsizei(height))
        glGenFramebuffers(1, &names[1])
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), names[1])
        glFramebufferTexture2D(GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_TEXTURE_2D), names[0], 0)
        (texture, framebuffer) = (names[0], names[1])
        canvas = GLCanvas(framebuffer: framebuffer, width: width, height: height)
        image = segue_egl_texture_image(exporter.display, exporter.context, texture)
        // The plane count first, so the modifiers' array is large enough.
        var fourcc: Int32 = 0, planes: Int32 = 0
        guard glCheckFramebufferStatus(GLenum(GL_FRAMEBUFFER)) == GL_FRAMEBUFFER_COMPLETE, image != segue_egl_no_image(),
              segue_egl_export_dmabuf_query(exporter.display, image, &fourcc, &planes, nil) == EGL_TRUE,
              (1...4).contains(planes) else {
            throw Self.failed("cannot export a \(width)x\(height) texture as a dmabuf", texture, framebuffer, exporter, image)
        }
        var modifiers = [EGLuint64KHR](repeating: 0, count: Int(planes))
        _ = segue_egl_export_dmabuf_query(exporter.display, image, &fourcc, &planes, &modifiers)
        let layout = DmabufPair(fourcc: UInt32(bitPattern: fourcc), modifier: modifiers[0])
        guard offered.contains(layout) else {
            throw Self.failed("EGL exports the picture as \(Self.name(of: layout)), which the compositor does not take", texture,
                              framebuffer, exporter, image)
        }
        var fds = [Int32](repeating: -1, count: 4), strides = [EGLint](repeating: 0, count: 4)
        var offsets = [EGLint](repeating: 0, count: 4)
        // libwayland sends copies of the fds: these go once the requests are made, or at a refusal.
        defer { for fd in fds where fd >= 0 { close(fd) } }
        guard segue_egl_export_dmabuf(exporter.display, image, &fds, &strides, &offsets) == EGL_TRUE, fds[0] >= 0 else {
            throw Self.failed("EGL did not export the texture's planes", texture, framebuffer, exporter, image)
        }
        let params = zwp_linux_dmabuf_v1_create_params(dmabuf)
        for plane in 0..<Int(planes) {
            // A driver may export one fd for every plane.
            let fd = fds[plane] >= 0 ? fds[plane] : fds[0]
            zwp_linux_buffer_params_v1_add(params, fd, UInt32(plane), UInt32(offsets[plane]), UInt32(strides[plane]),
                                           UInt32(modifiers[plane] >> 32), UInt32(modifiers[plane] & 0xffff_ffff))
        }
        // The compositor answers a buffer it cannot import with invalid_wl_buffer, ending this client.
        buffer = zwp_linux_buffer_params_v1_create_immed(params, Int32(width), Int32(height), UInt32(bitPattern: fourcc), 0)
        zwp_linux_buffer_params_v1_destroy(params)
        wl_buffer_add_listener(buffer, dmabufBufferListener, listenerData(self))
    }

    /// `AB24 with modifier 0x0`: the fourcc's four characters and the modifier in hex.
    private static func name(of layout: DmabufPair) -> String {
        let characters = (0..<4).map { Character(UnicodeScalar(UInt8(truncatingIfNeeded: layout.fourcc >> (8 * $0)))) }
        return "\(String(characters)) with modifier 0x\(String(layout.modifier, radix: 16))"
    }

    private static func failed(_ message: String, _ texture: GLuint, _ framebuffer: GLuint, _ exporter: DmabufExporter,
                               _ image: EGLImageKHR) -> BufferFailure {
        if image != segue_egl_no_image() { segue_egl_destroy_image(exporter.display, image) }
        var names = [texture, framebuffer]
        glDeleteFramebuffers(1, &names[1])
        glDeleteTextures(1, &names[0])
        return BufferFailure(message: message)
    }

    /// The GL work is finished first: not every driver syncs a dmabuf implicitly.
    func attach(to surface: OpaquePointer) {
        glFinish()
        busy = true
        wl_surface_attach(surface, buffer, 0, 0)
    }

    func destroy() {
        wl_buffer_destroy(buffer)
        segue_egl_destroy_image(exporter.display, image)
        var names = [texture, framebuffer]
        glDeleteFramebuffers(1, &names[1])
        glDeleteTextures(1, &names[0])
    }

    fileprivate func released() {
        busy = false
        onRelease()
    }
}

/// Draws into a framebuffer with scissored clears, rows top first: the
/// texture's first row is the buffer's first, the top of the picture.
struct GLCanvas: Canvas {
    let framebuffer: GLuint
    let width: Int
    let height: Int

    func fill(_ color: UInt32) {
        fillRect(x: 0, y: 0, width: width, height: height, color: color)
    }

    func fillRect(x: Int, y: Int, width: Int, height: Int, color: UInt32) {
        let left = max(x, 0), right = min(x + width, self.width)
        let top = max(y, 0), bottom = min(y + height, self.height)
        guard left < right, top < bottom else { return }
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
        glViewport(0, 0, GLsizei(self.width), GLsizei(self.height))
        glEnable(GLenum(GL_SCISSOR_TEST))
        glScissor(GLint(left), GLint(top), GLsizei(right - left), GLsizei(bottom - top))
        let channel = { (shift: UInt32) in GLfloat((color >> shift) & 0xff) / 255 }
        glClearColor(channel(16), channel(8), channel(0), 1)
        glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
        glDisable(GLenum(GL_SCISSOR_TEST))
    }
}

private nonisolated(unsafe) let dmabufBufferListener = fixedListener(wl_buffer_listener(
    release: { data, _ in (listenerObject(data) as DmabufBuffer).released() }
))
