import CEGL

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
        guard dmabufSupport.canImport, (1...4).contains(buffer.planes.count),
              let width = Int32(exactly: buffer.width), let height = Int32(exactly: buffer.height) else { return false }
        let fds = buffer.planes.map(\.fd)
        let offsets = buffer.planes.map { EGLint(bitPattern: $0.offset) }, pitches = buffer.planes.map { EGLint(bitPattern: $0.stride) }
        let explicit = buffer.modifier != DmabufSupport.implicitModifier
        let image = segue_egl_import_dmabuf(context.display, width, height, EGLint(bitPattern: buffer.fourcc), Int32(fds.count),
                                            fds, offsets, pitches, EGLuint64KHR(buffer.modifier), explicit ? EGLBoolean(EGL_TRUE) : EGLBoolean(EGL_FALSE))
        guard let image, image != segue_egl_no_image() else { return false }
        segue_egl_destroy_image(context.display, image)
        return true
    }
}
