import CEGL

/// What the renderer's EGL can import as dmabufs (EGL_EXT_image_dma_buf_import):
/// each format (a DRM fourcc code) with its modifiers, and the DRM render node
/// of the device where the driver names one. Empty where EGL imports none, as
/// Mesa's llvmpipe: linux-dmabuf is then not offered to clients.
package struct DmabufSupport: Sendable, Equatable {
    package struct Modifier: Sendable, Equatable {
        package let value: UInt64
        /// Sampled only as GL_TEXTURE_EXTERNAL_OES (YUV formats, most often).
        package let externalOnly: Bool
    }

    /// DRM_FORMAT_MOD_INVALID: no modifier given, the buffer's layout is the driver's choice.
    package static let implicitModifier: UInt64 = 0x00ff_ffff_ffff_ffff

    /// Formats in the order the driver listed them, each with its modifiers.
    package let formats: [(fourcc: UInt32, modifiers: [Modifier])]
    /// The render node (`/dev/dri/renderD128`), nil where the driver names none.
    package let renderNode: String?
    /// The device's primary node (`/dev/dri/card0`), nil where the driver names none.
    package let primaryNode: String?

    package var canImport: Bool { !formats.isEmpty }

    /// Whether GL samples a buffer of `fourcc` laid out by `modifier` only as an external image.
    package func isExternalOnly(_ fourcc: UInt32, _ modifier: UInt64) -> Bool {
        formats.first { $0.fourcc == fourcc }?.modifiers.first { $0.value == modifier }?.externalOnly ?? false
    }

    package static func == (a: DmabufSupport, b: DmabufSupport) -> Bool {
        a.renderNode == b.renderNode && a.primaryNode == b.primaryNode && a.formats.elementsEqual(b.formats) { $0.fourcc == $1.fourcc && $0.modifiers == $1.modifiers }
    }

    /// Asks `display`'s EGL. A driver may list a format and then refuse to say
    /// its modifiers (NVIDIA does, for some): such a format takes buffers
    /// without one. Without the modifiers extension, every format is so.
    init(display: EGLDisplay) {
        let extensions = String(cString: eglQueryString(display, EGLint(EGL_EXTENSIONS)))
        renderNode = segue_egl_device_string(display, EGLint(EGL_DRM_RENDER_NODE_FILE_EXT)).map { String(cString: $0) }
        primaryNode = segue_egl_device_string(display, EGLint(EGL_DRM_DEVICE_FILE_EXT)).map { String(cString: $0) }
        guard extensions.contains("EGL_EXT_image_dma_buf_import") else {
            formats = []
            return
        }
        let withModifiers = extensions.contains("EGL_EXT_image_dma_buf_import_modifiers")
        var count: EGLint = 0
        guard withModifiers, segue_egl_query_dmabuf_formats(display, 0, nil, &count) == EGL_TRUE, count > 0 else {
            // Without the query, the 32-bit RGB formats every importer takes, as weston assumes.
            formats = [Self.argb8888, Self.xrgb8888].map { ($0, [Modifier(value: Self.implicitModifier, externalOnly: false)]) }
            return
        }
        var codes = [EGLint](repeating: 0, count: Int(count))
        guard segue_egl_query_dmabuf_formats(display, count, &codes, &count) == EGL_TRUE else {
            formats = []
            return
        }
        formats = codes.prefix(Int(count)).map { code in (UInt32(bitPattern: code), Self.modifiers(of: code, display: display)) }
    }

    private static func modifiers(of format: EGLint, display: EGLDisplay) -> [Modifier] {
        let implicit = [Modifier(value: implicitModifier, externalOnly: false)]
        var count: EGLint = 0
        guard segue_egl_query_dmabuf_modifiers(display, format, 0, nil, nil, &count) == EGL_TRUE, count > 0 else { return implicit }
        var values = [EGLuint64KHR](repeating: 0, count: Int(count))
        var external = [EGLBoolean](repeating: 0, count: Int(count))
        guard segue_egl_query_dmabuf_modifiers(display, format, count, &values, &external, &count) == EGL_TRUE else { return implicit }
        return withImplicit((0..<Int(count)).map { Modifier(value: UInt64(values[$0]), externalOnly: external[$0] == EGL_TRUE) })
    }

    /// `modifiers` and the implicit one: EGL imports a format it lists without
    /// a modifier too (as wlroots and weston offer it), which clients of
    /// linux-dmabuf before version 3, and those that give none, send. Sampled
    /// as external only where every listed layout is.
    package static func withImplicit(_ modifiers: [Modifier]) -> [Modifier] {
        guard !modifiers.contains(where: { $0.value == implicitModifier }) else { return modifiers }
        return modifiers + [Modifier(value: implicitModifier, externalOnly: !modifiers.isEmpty && modifiers.allSatisfy(\.externalOnly))]
    }

    static let argb8888: UInt32 = 0x3432_5241  // 'AR24'
    static let xrgb8888: UInt32 = 0x3432_5258  // 'XR24'
}

extension GLContext {
    /// What this context's display imports as dmabufs, asked now.
    var dmabufSupport: DmabufSupport { DmabufSupport(display: display) }
}
