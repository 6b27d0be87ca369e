import CEGL
import CGLES
import Glibc

/// A client's dmabuf buffer as the renderer imports it: its size, DRM format
/// and layout modifier, and each plane's file, offset and stride (the files
/// stay the caller's).
package struct DmabufDescription: Sendable {
    package struct Plane: Sendable {
        package let fd: Int32
        package let offset: UInt32
        package let stride: UInt32

        package init(fd: Int32, offset: UInt32, stride: UInt32) {
            self.fd = fd
            self.offset = offset
            self.stride = stride
        }
    }

    package let width: Int
    package let height: Int
    package let fourcc: UInt32
    package let modifier: UInt64
    package let planes: [Plane]

    package init(width: Int, height: Int, fourcc: UInt32, modifier: UInt64, planes: [Plane]) {
        self.width = width
        self.height = height
        self.fourcc = fourcc
        self.modifier = modifier
        self.planes = planes
    }
}

extension Renderer {
    /// Whether this renderer's EGL imports the buffer: it is imported as an
    /// EGLImage and let go, as weston checks a buffer when it is made, so a
    /// client learns at once (`failed`) rather than at its first frame.
    package func imports(_ buffer: DmabufDescription) -> Bool {
        guard let image = image(of: buffer) else { return false }
        segue_egl_destroy_image(context.display, image)
        return true
    }

    /// The buffer as the compositor draws it; nil where EGL or GL refuses
    /// it. Its alpha is ignored if `opaque`.
    package func `import`(_ buffer: DmabufDescription, opaque: Bool) -> ImportedDmabuf? {
        guard let image = image(of: buffer) else { return nil }
        return try? ImportedDmabuf(image: image, width: buffer.width, height: buffer.height, opaque: opaque,
                                   external: dmabufSupport.isExternalOnly(buffer.fourcc, buffer.modifier), renderer: self)
    }

    /// Whether it draws dmabufs GL samples only as external images.
    package var drawsExternalImages: Bool { externalImages != nil }

    /// The buffer as an EGLImage, with every plane's file, offset and pitch,
    /// and its modifier unless it is the implicit one; nil where EGL refuses it.
    private func image(of buffer: DmabufDescription) -> EGLImageKHR? {
        guard dmabufSupport.canImport, (1...4).contains(buffer.planes.count),
              let width = Int32(exactly: buffer.width), let height = Int32(exactly: buffer.height) else { return nil }
        let fds = buffer.planes.map(\.fd)
        let offsets = buffer.planes.map { EGLint(bitPattern: $0.offset) }, pitches = buffer.planes.map { EGLint(bitPattern: $0.stride) }
        let explicit = buffer.modifier != DmabufSupport.implicitModifier
        let image = segue_egl_import_dmabuf(context.display, width, height, EGLint(bitPattern: buffer.fourcc), Int32(fds.count),
                                            fds, offsets, pitches, EGLuint64KHR(buffer.modifier), explicit ? EGLBoolean(EGL_TRUE) : EGLBoolean(EGL_FALSE))
        guard let image, image != segue_egl_no_image() else { return nil }
        return image
    }
}

/// A texture's memory exported as a dmabuf (EGL_MESA_image_dma_buf_export):
/// what a GPU client hands over, for the bench's import row and the import
/// tests. It owns the planes' files and closes them when it goes.
package final class ExportedDmabuf {
    package let description: DmabufDescription

    fileprivate init(_ description: DmabufDescription) {
        self.description = description
    }

    deinit {
        for fd in Set(description.planes.map(\.fd)) { close(fd) }
    }
}

extension Renderer {
    /// `texture`'s memory as a dmabuf, its GL work finished; nil where EGL
    /// cannot export it.
    package func export(_ texture: Texture) -> ExportedDmabuf? {
        let display = context.display
        let image = segue_egl_texture_image(display, context.context, texture.id)
        guard let image, image != segue_egl_no_image() else { return nil }
        defer { segue_egl_destroy_image(display, image) }
        // The plane count first, so the modifiers' array is large enough.
        var fourcc: Int32 = 0, count: Int32 = 0
        guard segue_egl_export_dmabuf_query(display, image, &fourcc, &count, nil) == EGL_TRUE, (1...4).contains(count) else { return nil }
        var modifiers = [EGLuint64KHR](repeating: 0, count: Int(count))
        var fds = [Int32](repeating: -1, count: 4), strides = [EGLint](repeating: 0, count: 4), offsets = [EGLint](repeating: 0, count: 4)
        guard segue_egl_export_dmabuf_query(display, image, &fourcc, &count, &modifiers) == EGL_TRUE,
              segue_egl_export_dmabuf(display, image, &fds, &strides, &offsets) == EGL_TRUE, fds[0] >= 0 else {
            for fd in fds where fd >= 0 { close(fd) }
            return nil
        }
        finish()
        // A driver may export one file for every plane.
        let planes = (0..<Int(count)).map { DmabufDescription.Plane(fd: fds[$0] >= 0 ? fds[$0] : fds[0], offset: UInt32(offsets[$0]),
                                                                    stride: UInt32(strides[$0])) }
        return ExportedDmabuf(DmabufDescription(width: texture.width, height: texture.height, fourcc: UInt32(bitPattern: fourcc),
                                                modifier: modifiers[0], planes: planes))
    }
}

/// A client's dmabuf as the compositor draws it. Where GL samples its layout
/// as a 2D texture, that texture is the buffer's own memory: nothing is
/// copied. Where GL samples it only as an external image (YUV, most often), it
/// is drawn into a texture of the compositor's each time it is shown, the
/// driver converting it to RGB: every drawing path then takes it as it takes
/// any texture.
package final class ImportedDmabuf {
    /// What every drawing path samples.
    package let texture: Texture
    private let external: (id: GLuint, image: EGLImageKHR, display: EGLDisplay, target: RenderTarget, program: ExternalImageProgram)?

    /// Takes `image`: destroyed with this, or at once where it cannot be drawn.
    package init(image: EGLImageKHR, width: Int, height: Int, opaque: Bool, external isExternal: Bool, renderer: Renderer) throws {
        let display = renderer.context.display
        guard isExternal else {
            texture = try Texture(image: image, display: display, width: width, height: height, opaque: opaque)
            external = nil
            return
        }
        guard let program = renderer.externalImages else {
            segue_egl_destroy_image(display, image)
            throw RenderError("GL draws no external images (GL_OES_EGL_image_external_essl3 into BGRA8 textures)")
        }
        var id: GLuint = 0
        glGenTextures(1, &id)
        glBindTexture(GLenum(GL_TEXTURE_EXTERNAL_OES), id)
        guard Texture.attach(image, to: GL_TEXTURE_EXTERNAL_OES),
              let target = try? RenderTarget(width: width, height: height, storage: .bgra8), let drawn = target.texture else {
            glDeleteTextures(1, &id)
            segue_egl_destroy_image(display, image)
            throw RenderError("GL cannot sample this dmabuf as an external image")
        }
        for name in [GL_TEXTURE_MIN_FILTER, GL_TEXTURE_MAG_FILTER] {
            glTexParameteri(GLenum(GL_TEXTURE_EXTERNAL_OES), GLenum(name), GL_LINEAR)
        }
        glBindTexture(GLenum(GL_TEXTURE_EXTERNAL_OES), 0)
        external = (id, image, display, target, program)
        texture = drawn
        texture.reinterpret(as: opaque ? .xrgb8888 : .argb8888)
        program.draw(id, into: target)
    }

    /// The buffer is shown again with new content: its memory is read anew.
    package func refresh() {
        guard let external else { return texture.rebindImage() }
        glBindTexture(GLenum(GL_TEXTURE_EXTERNAL_OES), external.id)
        _ = Texture.attach(external.image, to: GL_TEXTURE_EXTERNAL_OES)
        external.program.draw(external.id, into: external.target)
    }

    deinit {
        guard var id = external?.id, let external else { return }
        glDeleteTextures(1, &id)
        segue_egl_destroy_image(external.display, external.image)
    }
}
