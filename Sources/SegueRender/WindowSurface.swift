import CEGL
import CGLES
import CWaylandEGL
import SegueEngine

/// An EGL window surface on a Wayland `wl_surface`, through a wl_egl_window:
/// where a nested Segue shows its output. It stays current once made, so
/// framebuffer 0 is the window from then on, and `target` draws into its back
/// buffer. Frames are drawn rows top first, as into any target; GL's window
/// rows start at the bottom, so the window's owner shows it with the buffer
/// transform that turns it upright (flipped-180).
package final class WindowSurface {
    private let context: GLContext
    private let window: OpaquePointer
    private let surface: EGLSurface
    /// The back buffer, to draw the next frame into.
    package let target: RenderTarget
    /// eglSwapBuffersWithDamage (KHR or EXT) where the display offers it.
    private let swapWithDamage: SwapWithDamage?
    /// EGL_EXT_buffer_age: whether a back buffer says how old its content is.
    private let buffersHaveAge: Bool

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
        target = RenderTarget(windowOfWidth: width, height: height)
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

    /// The size of the next buffer, from the next frame drawn on.
    package func resize(width: Int, height: Int) {
        guard (width, height) != (target.width, target.height) else { return }
        target.windowResized(width: width, height: height)
        wl_egl_window_resize(window, Int32(width), Int32(height), 0, 0)
    }

    /// How many frames ago the back buffer's content was drawn (1: the last
    /// frame); 0 where that is unknown, and the whole frame must be drawn.
    package var bufferAge: Int {
        guard buffersHaveAge else { return 0 }
        var age: EGLint = 0
        guard eglQuerySurface(context.display, surface, EGLint(EGL_BUFFER_AGE_EXT), &age) == EGL_TRUE else { return 0 }
        return Int(max(age, 0))
    }

    /// Swaps the frame drawn into `target`: the swap attaches, damages and
    /// commits the `wl_surface`. Where the frame says only part of it
    /// changed, the parent hears of only that part (swap with damage).
    package func present() throws {
        let swapped: EGLBoolean
        if let damage = target.frameDamage.region, let swapWithDamage {
            // EGL's rectangles count rows from the buffer's first GL row: the frame's top.
            var rect: [EGLint] = [EGLint(damage.x), EGLint(damage.y), EGLint(damage.width), EGLint(damage.height)]
            swapped = swapWithDamage(context.display, surface, &rect, 1)
        } else {
            swapped = eglSwapBuffers(context.display, surface)
        }
        guard swapped == EGL_TRUE else {
            throw RenderError("eglSwapBuffers failed (\(eglErrorName()))")
        }
    }
}
