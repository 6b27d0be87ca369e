import CEGL
import CGLES
import CWaylandEGL

/// An EGL window surface on a Wayland `wl_surface`, through a wl_egl_window:
/// where a nested Segue shows its output. It stays current once made, so
/// framebuffer 0 is the window from then on.
public final class WindowSurface {
    private let context: GLContext
    private let window: OpaquePointer
    private let surface: EGLSurface
    public private(set) var width: Int
    public private(set) var height: Int

    /// `waylandSurface` is a `wl_surface *` on the display `context` was made on.
    public init(context: GLContext, waylandSurface: OpaquePointer, width: Int, height: Int) throws {
        guard let config = context.config else { throw RenderError("the GL context has no window config") }
        guard let window = wl_egl_window_create(waylandSurface, Int32(width), Int32(height)) else {
            throw RenderError("cannot create a wl_egl_window of \(width)x\(height)")
        }
        guard let surface = eglCreatePlatformWindowSurface(context.display, config, UnsafeMutableRawPointer(window), nil),
              surface != segue_egl_no_surface() else {
            wl_egl_window_destroy(window)
            throw RenderError("cannot create an EGL window surface (\(eglErrorName()))")
        }
        guard eglMakeCurrent(context.display, surface, surface, context.context) == EGL_TRUE else {
            eglDestroySurface(context.display, surface)
            wl_egl_window_destroy(window)
            throw RenderError("cannot make the window surface current (\(eglErrorName()))")
        }
        // The parent's frame callbacks pace Segue; a swap must never wait for one of its own.
        eglSwapInterval(context.display, 0)
        self.context = context
        self.window = window
        self.surface = surface
        self.width = width
        self.height = height
    }

    deinit {
        eglMakeCurrent(context.display, segue_egl_no_surface(), segue_egl_no_surface(), context.context)
        eglDestroySurface(context.display, surface)
        wl_egl_window_destroy(window)
    }

    /// The size of the next buffer; takes effect with the next `present`.
    public func resize(width: Int, height: Int) {
        guard (width, height) != (self.width, self.height) else { return }
        self.width = width
        self.height = height
        wl_egl_window_resize(window, Int32(width), Int32(height), 0, 0)
    }

    /// Copies `target` into the window, scaled if their sizes differ, and swaps:
    /// the swap attaches, damages and commits the `wl_surface`.
    public func present(_ target: RenderTarget) throws {
        // The target holds rows top first; a window's rows start at the bottom: the blit flips.
        glBindFramebuffer(GLenum(GL_READ_FRAMEBUFFER), target.framebuffer)
        glBindFramebuffer(GLenum(GL_DRAW_FRAMEBUFFER), 0)
        glBlitFramebuffer(0, 0, GLint(target.width), GLint(target.height), 0, GLint(height), GLint(width), 0,
                          GLbitfield(GL_COLOR_BUFFER_BIT), GLenum(GL_LINEAR))
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
        guard eglSwapBuffers(context.display, surface) == EGL_TRUE else {
            throw RenderError("eglSwapBuffers failed (\(eglErrorName()))")
        }
    }
}
