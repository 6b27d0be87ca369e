import CEGL
import CGLES
import CWaylandEGL
import SegueEngine

/// An EGL window surface on a Wayland `wl_surface`, through a wl_egl_window:
/// where a nested Segue shows its output. It stays current once made, so
/// framebuffer 0 is the window from then on.
package final class WindowSurface {
    private let context: GLContext
    private let window: OpaquePointer
    private let surface: EGLSurface
    package private(set) var width: Int
    package private(set) var height: Int
    /// eglSwapBuffersWithDamage (KHR or EXT) where the display offers it.
    private let swapWithDamage: SwapWithDamage?
    /// EGL_EXT_buffer_age: whether a back buffer says how old its content is.
    private let buffersHaveAge: Bool
    /// What each of the last few frames changed, newest first.
    private var recentDamage: [Damage] = []

    private typealias SwapWithDamage = @convention(c) (EGLDisplay?, EGLSurface?, UnsafeMutablePointer<EGLint>?, EGLint) -> EGLBoolean

    /// `waylandSurface` is a `wl_surface *` on the display `context` was made on.
    package init(context: GLContext, waylandSurface: OpaquePointer, width: Int, height: Int) throws {
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
        let extensions = String(cString: eglQueryString(context.display, EGLint(EGL_EXTENSIONS)))
        let swap = ["KHR", "EXT"].first { extensions.contains("EGL_\($0)_swap_buffers_with_damage") }
            .flatMap { eglGetProcAddress("eglSwapBuffersWithDamage\($0)") }
        swapWithDamage = swap.map { unsafeBitCast($0, to: SwapWithDamage.self) }
        buffersHaveAge = extensions.contains("EGL_EXT_buffer_age")
    }

    deinit {
        eglMakeCurrent(context.display, segue_egl_no_surface(), segue_egl_no_surface(), context.context)
        eglDestroySurface(context.display, surface)
        wl_egl_window_destroy(window)
    }

    /// The size of the next buffer; takes effect with the next `present`.
    package func resize(width: Int, height: Int) {
        guard (width, height) != (self.width, self.height) else { return }
        self.width = width
        self.height = height
        recentDamage.removeAll()
        wl_egl_window_resize(window, Int32(width), Int32(height), 0, 0)
    }

    /// Copies `target` into the window, scaled if their sizes differ, and swaps:
    /// the swap attaches, damages and commits the `wl_surface`. Where the target
    /// says only part of it changed, the parent hears of only that part
    /// (swap with damage), and only what the back buffer lacks is copied
    /// (buffer age).
    package func present(_ target: RenderTarget) throws {
        let sameSize = target.width == width && target.height == height
        let damage = sameSize ? target.frameDamage : .everywhere
        let copied = sameSize ? staleRegion(adding: damage) : nil
        recentDamage = Array(([damage] + recentDamage).prefix(4))
        let (x0, y0, x1, y1) = copied.map { ($0.x, $0.y, $0.x + $0.width, $0.y + $0.height) } ?? (0, 0, target.width, target.height)
        // The target holds rows top first; a window's rows start at the bottom: the blit flips.
        let sx = Double(width) / Double(target.width), sy = Double(height) / Double(target.height)
        glBindFramebuffer(GLenum(GL_READ_FRAMEBUFFER), target.framebuffer)
        glBindFramebuffer(GLenum(GL_DRAW_FRAMEBUFFER), 0)
        glBlitFramebuffer(GLint(x0), GLint(y0), GLint(x1), GLint(y1),
                          GLint((Double(x0) * sx).rounded()), GLint((Double(height) - Double(y0) * sy).rounded()),
                          GLint((Double(x1) * sx).rounded()), GLint((Double(height) - Double(y1) * sy).rounded()),
                          GLbitfield(GL_COLOR_BUFFER_BIT), GLenum(GL_LINEAR))
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
        let swapped: EGLBoolean
        if let damage = damage.region, let swapWithDamage {
            // EGL's rectangles start at the bottom-left.
            var rect: [EGLint] = [EGLint(damage.x), EGLint(height - damage.y - damage.height), EGLint(damage.width), EGLint(damage.height)]
            swapped = swapWithDamage(context.display, surface, &rect, 1)
        } else {
            swapped = eglSwapBuffers(context.display, surface)
        }
        guard swapped == EGL_TRUE else {
            throw RenderError("eglSwapBuffers failed (\(eglErrorName()))")
        }
    }

    /// What the back buffer lacks of the new frame, which changed `damage`:
    /// that plus what the frames since the buffer was last drawn changed; nil
    /// for all of it when its age is unknown.
    private func staleRegion(adding damage: Damage) -> PixelRect? {
        guard buffersHaveAge, damage.region != nil else { return nil }
        var age: EGLint = 0
        guard eglQuerySurface(context.display, surface, EGLint(EGL_BUFFER_AGE_EXT), &age) == EGL_TRUE,
              age >= 1, Int(age) - 1 <= recentDamage.count else { return nil }
        var stale = damage
        for older in recentDamage.prefix(Int(age) - 1) { stale.add(older) }
        return stale.region?.clipped(to: PixelRect(x: 0, y: 0, width: width, height: height))
    }
}
