import CEGL
import CGLES

/// The GL the picture is drawn with under `--dmabuf`: a GLES context on EGL's
/// surfaceless platform (the GPU's, where the driver has one), current from
/// then on, whose textures EGL_MESA_image_dma_buf_export hands over as dmabufs.
final class DmabufExporter {
    let display: EGLDisplay
    let context: EGLContext

    init() throws(BufferFailure) {
        let found = eglGetPlatformDisplay(EGLenum(EGL_PLATFORM_SURFACELESS_MESA), segue_egl_default_display(), nil)
        guard let found, found != segue_egl_no_display(), eglInitialize(found, nil, nil) == EGL_TRUE else {
            throw BufferFailure(message: "EGL's surfaceless platform (EGL_MESA_platform_surfaceless) cannot be opened: no GL to draw the dmabuf with")
        }
        display = found
        let offered = Set(String(cString: eglQueryString(display, EGLint(EGL_EXTENSIONS))).split(separator: " ").map(String.init))
        let missing = ["EGL_MESA_image_dma_buf_export", "EGL_KHR_gl_texture_2D_image", "EGL_KHR_surfaceless_context",
                       "EGL_KHR_no_config_context"].filter { !offered.contains($0) }
        let attributes: [EGLint] = [EGLint(EGL_CONTEXT_MAJOR_VERSION), 3, EGLint(EGL_NONE)]
        guard missing.isEmpty else {
            let vendor = String(cString: eglQueryString(display, EGLint(EGL_VENDOR)))
            eglTerminate(display)
            throw BufferFailure(message: "this EGL (\(vendor)) offers no \(missing.joined(separator: ", ")): "
                + "it cannot hand a GL texture over as a dmabuf")
        }
        guard eglBindAPI(EGLenum(EGL_OPENGL_ES_API)) == EGL_TRUE,
              let made = eglCreateContext(display, segue_egl_no_config(), segue_egl_no_context(), attributes),
              made != segue_egl_no_context(),
              eglMakeCurrent(display, segue_egl_no_surface(), segue_egl_no_surface(), made) == EGL_TRUE else {
            eglTerminate(display)
            throw BufferFailure(message: "cannot make an OpenGL ES 3 context to draw the dmabuf with (EGL error 0x\(String(eglGetError(), radix: 16)))")
        }
        context = made
        // Scissored clears fill exact colours.
        glDisable(GLenum(GL_DITHER))
    }

    func destroy() {
        eglMakeCurrent(display, segue_egl_no_surface(), segue_egl_no_surface(), segue_egl_no_context())
        eglDestroyContext(display, context)
        eglTerminate(display)
    }
}
