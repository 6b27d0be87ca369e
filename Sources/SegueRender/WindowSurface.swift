import CEGL
import CGLES
import CWaylandEGL
import SegueEngine

/// An EGL window surface on a Wayland `wl_surface`, through a wl_egl_window:
/// where a nested Segue shows its output. It stays current once made, so
/// framebuffer 0 is the window from then on. Frames are drawn rows top first,
/// as into any target; GL's window rows start at the bottom, so the window's
/// owner shows it with the buffer transform that turns it upright (flipped-180).
///
/// Frames are drawn straight into the back buffer, unless the driver draws
/// there slower than into a texture plus a copy (llvmpipe: a crossfade frame
/// at 960×540 took 5–9 ms in its window buffer, 1.1–1.8 ms offscreen). Which
/// is quicker is measured when the surface is made; offscreen, frames are
/// drawn into a target of the surface's own, copied into the back buffer at
/// each swap.
package final class WindowSurface {
    private let context: GLContext
    private let window: OpaquePointer
    private let surface: EGLSurface
    /// The back buffer.
    private let windowTarget: RenderTarget
    /// Where frames are drawn instead of the back buffer, when that is quicker.
    private var offscreen: RenderTarget?
    package var drawsOffscreen: Bool { offscreen != nil }
    /// eglSwapBuffersWithDamage (KHR or EXT) where the display offers it.
    private let swapWithDamage: SwapWithDamage?
    /// EGL_EXT_buffer_age: whether a back buffer says how old its content is.
    private let buffersHaveAge: Bool

    private typealias SwapWithDamage = @convention(c) (EGLDisplay?, EGLSurface?, UnsafeMutablePointer<EGLint>?, EGLint) -> EGLBoolean

    /// How frames reach the window: `.measured` picks the quicker of the other two.
    package enum Drawing: String, Sendable {
        case measured
        /// Straight into the back buffer.
        case window
        /// Into a target of the surface's own, copied into the back buffer at each swap.
        case offscreen
    }

    /// `waylandSurface` is a `wl_surface *` on the display `renderer`'s context was made on.
    package init(renderer: Renderer, waylandSurface: OpaquePointer, width: Int, height: Int, drawing: Drawing = .measured) throws {
        let context = renderer.context
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
        windowTarget = RenderTarget(windowOfWidth: width, height: height)
        let extensions = String(cString: eglQueryString(context.display, EGLint(EGL_EXTENSIONS)))
        let swap = ["KHR", "EXT"].first { extensions.contains("EGL_\($0)_swap_buffers_with_damage") }
            .flatMap { eglGetProcAddress("eglSwapBuffersWithDamage\($0)") }
        swapWithDamage = swap.map { unsafeBitCast($0, to: SwapWithDamage.self) }
        buffersHaveAge = extensions.contains("EGL_EXT_buffer_age")
        let offscreenIsQuicker = switch drawing {
        case .window: false
        case .offscreen: true
        // Where it cannot be measured, the window it is.
        case .measured: (try? Self.drawsQuickerOffscreen(renderer: renderer, window: windowTarget)) ?? false
        }
        if offscreenIsQuicker { offscreen = try RenderTarget(width: width, height: height) }
    }

    /// Whether a frame drawn into a texture and copied into the window costs
    /// less than one drawn into the window, by more than a quarter and a
    /// millisecond (on a GPU both take a fraction of one, and noise decides): a
    /// crossfade's frame half-way (a copy, then a screen blended over it) each
    /// way, the faster of two of each after one to warm up.
    private static func drawsQuickerOffscreen(renderer: Renderer, window: RenderTarget) throws -> Bool {
        let (width, height) = (window.width, window.height)
        let source = try RenderTarget(width: width, height: height), offscreen = try RenderTarget(width: width, height: height)
        let texture = try source.drawnTexture()
        let full = LayerRect(x: 0, y: 0, width: Double(width), height: Double(height))
        let frame = [EffectLayer(.to, frame: full), EffectLayer(.from, frame: full, opacity: 0.5)]
        let direct = try renderer.quickestSeconds { _ in try renderer.paint(frame, from: texture, to: texture, into: window) }
        let copied = try renderer.quickestSeconds { _ in
            try renderer.paint(frame, from: texture, to: texture, into: offscreen)
            renderer.copy(try offscreen.drawnTexture(), into: window)
        }
        return direct > copied * 1.25 && direct - copied > 0.001
    }

    deinit {
        eglMakeCurrent(context.display, segue_egl_no_surface(), segue_egl_no_surface(), context.context)
        eglDestroySurface(context.display, surface)
        wl_egl_window_destroy(window)
    }

    /// The size of the next buffer, from the next frame drawn on.
    package func resize(width: Int, height: Int) throws {
        guard (width, height) != (windowTarget.width, windowTarget.height) else { return }
        windowTarget.windowResized(width: width, height: height)
        wl_egl_window_resize(window, Int32(width), Int32(height), 0, 0)
        if offscreen != nil { offscreen = try RenderTarget(width: width, height: height) }
    }

    /// The buffer to draw the next frame into, and how many frames ago what
    /// it holds was drawn (1: the last frame; 0 where that is unknown, and
    /// the whole frame must be drawn).
    package var nextBuffer: (target: RenderTarget, age: Int) {
        if let offscreen { (offscreen, offscreen.fence == nil ? 0 : 1) } else { (windowTarget, backBufferAge) }
    }

    private var backBufferAge: Int {
        guard buffersHaveAge else { return 0 }
        var age: EGLint = 0
        guard eglQuerySurface(context.display, surface, EGLint(EGL_BUFFER_AGE_EXT), &age) == EGL_TRUE else { return 0 }
        return Int(max(age, 0))
    }

    /// Swaps the frame drawn into `nextBuffer` (copied into the back buffer
    /// first where it was drawn offscreen): the swap attaches, damages and
    /// commits the `wl_surface`. Where the frame changed only `damage` of
    /// the one before, the parent hears of only those rectangles (swap with damage).
    package func present(with renderer: Renderer, damage: OutputDamage) throws {
        if let offscreen { renderer.copy(try offscreen.drawnTexture(), into: windowTarget) }
        let swapped: EGLBoolean
        // The frame's top is the buffer's first GL row, where EGL's rectangles count from.
        if let rects = damage.inEGLRows(height: windowTarget.height, topInFirstRow: true).rects, !rects.isEmpty, let swapWithDamage {
            var flat = rects.flatMap { [EGLint($0.x), EGLint($0.y), EGLint($0.width), EGLint($0.height)] }
            swapped = swapWithDamage(context.display, surface, &flat, EGLint(rects.count))
        } else {
            swapped = eglSwapBuffers(context.display, surface)
        }
        guard swapped == EGL_TRUE else {
            throw RenderError("eglSwapBuffers failed (\(eglErrorName()))")
        }
    }
}
