import CEGL
import CGLES
import Foundation

/// An EGL display and a current OpenGL ES 3 context with no window surface:
/// everything renders into framebuffer objects.
///
/// Mesa's surfaceless platform is tried first (software llvmpipe here, the GPU
/// where Mesa drives one); then the EGL device platform, which proprietary
/// drivers implement. `SEGUE_EGL_PLATFORM=surfaceless|device` forces one.
/// A nested Segue uses the parent's Wayland display instead, so that a
/// `WindowSurface` can show what it renders.
package final class GLContext {
    package enum Platform: String, Sendable { case surfaceless, device, wayland, host }

    package let display: EGLDisplay
    package let context: EGLContext
    package let platform: Platform
    /// The config window surfaces are made with; nil for a context without one.
    package let config: EGLConfig?
    /// GL_RENDERER, e.g. "llvmpipe (LLVM 15.0.6, 256 bits)".
    package let renderer: String
    /// The owner of the native display, kept until EGL has let go of the display.
    private let nativeDisplayOwner: AnyObject?
    /// Whether Segue made the context, and so ends it; an embedder's is its own.
    private let owned: Bool

    package init() throws {
        var platforms: [Platform] = [.surfaceless, .device]
        if let forced = ProcessInfo.processInfo.environment["SEGUE_EGL_PLATFORM"] {
            guard let platform = Platform(rawValue: forced), platform != .wayland else {
                throw RenderError("SEGUE_EGL_PLATFORM must be 'surfaceless' or 'device', not '\(forced)'")
            }
            platforms = [platform]
        }
        var failures: [String] = []
        for platform in platforms {
            do {
                let (display, context) = try Self.open(platform)
                self.display = display
                self.context = context
                self.platform = platform
                config = nil
                nativeDisplayOwner = nil
                owned = true
                self.renderer = String(cString: glGetString(GLenum(GL_RENDERER)))
                return
            } catch {
                failures.append("\(platform.rawValue): \(error)")
            }
        }
        throw RenderError("no usable EGL display with OpenGL ES 3 (" + failures.joined(separator: "; ") + ")")
    }

    /// A context on a Wayland display (a `wl_display *`), with a config for
    /// window surfaces. `owner` is kept alive for as long as EGL may use the display.
    package init(wayland waylandDisplay: OpaquePointer, owner: AnyObject) throws {
        guard let display = eglGetPlatformDisplay(EGLenum(EGL_PLATFORM_WAYLAND_KHR), UnsafeMutableRawPointer(waylandDisplay), nil),
              display != segue_egl_no_display() else {
            throw RenderError("no EGL display on the parent Wayland display (EGL error \(eglErrorName()))")
        }
        var major: EGLint = 0, minor: EGLint = 0
        guard eglInitialize(display, &major, &minor) == EGL_TRUE else {
            throw RenderError("eglInitialize on the parent Wayland display failed (\(eglErrorName()))")
        }
        do {
            let extensions = String(cString: eglQueryString(display, EGLint(EGL_EXTENSIONS)))
            // The renderer draws into framebuffer objects before the window surface exists.
            guard extensions.contains("EGL_KHR_surfaceless_context") else {
                throw RenderError("the parent's EGL display lacks EGL_KHR_surfaceless_context")
            }
            guard eglBindAPI(EGLenum(EGL_OPENGL_ES_API)) == EGL_TRUE else {
                throw RenderError("eglBindAPI(OpenGL ES) failed (\(eglErrorName()))")
            }
            let config = try Self.windowConfig(display)
            let attributes: [EGLint] = [EGLint(EGL_CONTEXT_MAJOR_VERSION), 3, EGLint(EGL_NONE)]
            guard let context = eglCreateContext(display, config, segue_egl_no_context(), attributes),
                  context != segue_egl_no_context() else {
                throw RenderError("cannot create an OpenGL ES 3 context on the parent display (\(eglErrorName()))")
            }
            guard eglMakeCurrent(display, segue_egl_no_surface(), segue_egl_no_surface(), context) == EGL_TRUE else {
                eglDestroyContext(display, context)
                throw RenderError("eglMakeCurrent failed (\(eglErrorName()))")
            }
            self.display = display
            self.context = context
            self.config = config
        } catch {
            eglTerminate(display)
            throw error
        }
        platform = .wayland
        nativeDisplayOwner = owner
        owned = true
        renderer = String(cString: glGetString(GLenum(GL_RENDERER)))
    }

    /// The embedder's context, current on this thread, which must be OpenGL ES 3
    /// or later. It stays the embedder's: Segue neither changes nor ends it.
    package init(current: ()) throws {
        let display = eglGetCurrentDisplay(), context = eglGetCurrentContext()
        guard let display, display != segue_egl_no_display(), let context, context != segue_egl_no_context() else {
            throw RenderError("no EGL context is current on this thread")
        }
        var version: GLint = 0
        glGetIntegerv(GLenum(GL_MAJOR_VERSION), &version)
        guard eglQueryAPI() == EGLenum(EGL_OPENGL_ES_API), version >= 3 else {
            throw RenderError("the current context is not OpenGL ES 3 or later")
        }
        self.display = display
        self.context = context
        platform = .host
        config = nil
        nativeDisplayOwner = nil
        owned = false
        renderer = glGetString(GLenum(GL_RENDERER)).map { String(cString: $0) } ?? "unknown"
    }

    /// Whether this context is the one current on this thread.
    package var isCurrent: Bool { eglGetCurrentContext() == context }

    deinit {
        guard owned else { return }
        eglMakeCurrent(display, segue_egl_no_surface(), segue_egl_no_surface(), segue_egl_no_context())
        eglDestroyContext(display, context)
        eglTerminate(display)
    }

    private static func open(_ platform: Platform) throws -> (EGLDisplay, EGLContext) {
        let display: EGLDisplay?
        switch platform {
        case .surfaceless:
            display = eglGetPlatformDisplay(EGLenum(EGL_PLATFORM_SURFACELESS_MESA), segue_egl_default_display(), nil)
        case .device:
            display = try firstDeviceDisplay()
        case .wayland:
            throw RenderError("the wayland platform needs the parent's display: use init(wayland:owner:)")
        case .host:
            throw RenderError("an embedder's context is adopted where it is current: use init(current:)")
        }
        guard let display, display != segue_egl_no_display() else {
            throw RenderError("no display (EGL error \(eglErrorName()))")
        }
        var major: EGLint = 0, minor: EGLint = 0
        guard eglInitialize(display, &major, &minor) == EGL_TRUE else {
            throw RenderError("eglInitialize failed (\(eglErrorName()))")
        }
        let extensions = String(cString: eglQueryString(display, EGLint(EGL_EXTENSIONS)))
        for needed in ["EGL_KHR_surfaceless_context", "EGL_KHR_no_config_context"] where !extensions.contains(needed) {
            eglTerminate(display)
            throw RenderError("the display lacks \(needed)")
        }
        guard eglBindAPI(EGLenum(EGL_OPENGL_ES_API)) == EGL_TRUE else {
            eglTerminate(display)
            throw RenderError("eglBindAPI(OpenGL ES) failed (\(eglErrorName()))")
        }
        let attributes: [EGLint] = [EGLint(EGL_CONTEXT_MAJOR_VERSION), 3, EGLint(EGL_NONE)]
        guard let context = eglCreateContext(display, segue_egl_no_config(), segue_egl_no_context(), attributes),
              context != segue_egl_no_context() else {
            eglTerminate(display)
            throw RenderError("cannot create an OpenGL ES 3 context (\(eglErrorName()))")
        }
        guard eglMakeCurrent(display, segue_egl_no_surface(), segue_egl_no_surface(), context) == EGL_TRUE else {
            eglDestroyContext(display, context)
            eglTerminate(display)
            throw RenderError("eglMakeCurrent failed (\(eglErrorName()))")
        }
        return (display, context)
    }

    /// An 8-bit RGB window config for OpenGL ES 3, preferring one without
    /// alpha so the parent treats the window as opaque.
    private static func windowConfig(_ display: EGLDisplay) throws -> EGLConfig {
        let attributes: [EGLint] = [
            EGLint(EGL_SURFACE_TYPE), EGLint(EGL_WINDOW_BIT),
            EGLint(EGL_RENDERABLE_TYPE), EGLint(EGL_OPENGL_ES3_BIT),
            EGLint(EGL_RED_SIZE), 8, EGLint(EGL_GREEN_SIZE), 8, EGLint(EGL_BLUE_SIZE), 8,
            EGLint(EGL_NONE),
        ]
        var count: EGLint = 0
        guard eglChooseConfig(display, attributes, nil, 0, &count) == EGL_TRUE, count > 0 else {
            throw RenderError("the parent's EGL display has no OpenGL ES 3 window config")
        }
        var configs = [EGLConfig?](repeating: nil, count: Int(count))
        guard eglChooseConfig(display, attributes, &configs, count, &count) == EGL_TRUE else {
            throw RenderError("eglChooseConfig failed (\(eglErrorName()))")
        }
        let found = configs.prefix(Int(count)).compactMap { $0 }
        let opaque = found.first { config in
            var alpha: EGLint = 0
            return eglGetConfigAttrib(display, config, EGLint(EGL_ALPHA_SIZE), &alpha) == EGL_TRUE && alpha == 0
        }
        guard let config = opaque ?? found.first else { throw RenderError("eglChooseConfig returned no config") }
        return config
    }

    /// The first EGL device that yields a display, through EGL_EXT_device_enumeration.
    private static func firstDeviceDisplay() throws -> EGLDisplay? {
        guard let query = eglGetProcAddress("eglQueryDevicesEXT") else {
            throw RenderError("EGL_EXT_device_enumeration is not available")
        }
        let queryDevices = unsafeBitCast(query, to: PFNEGLQUERYDEVICESEXTPROC.self)
        var count: EGLint = 0
        guard queryDevices(0, nil, &count) == EGL_TRUE, count > 0 else {
            throw RenderError("no EGL devices")
        }
        var devices = [EGLDeviceEXT?](repeating: nil, count: Int(count))
        guard queryDevices(count, &devices, &count) == EGL_TRUE else {
            throw RenderError("eglQueryDevicesEXT failed (\(eglErrorName()))")
        }
        for device in devices.prefix(Int(count)) {
            guard let device else { continue }
            let display = eglGetPlatformDisplay(EGLenum(EGL_PLATFORM_DEVICE_EXT), UnsafeMutableRawPointer(device), nil)
            if let display, display != segue_egl_no_display() { return display }
        }
        return nil
    }
}

/// The name of the last EGL error, e.g. "EGL_BAD_MATCH".
func eglErrorName() -> String {
    let code = eglGetError()
    let names: [EGLint: String] = [
        EGL_SUCCESS: "EGL_SUCCESS", EGL_NOT_INITIALIZED: "EGL_NOT_INITIALIZED",
        EGL_BAD_ACCESS: "EGL_BAD_ACCESS", EGL_BAD_ALLOC: "EGL_BAD_ALLOC",
        EGL_BAD_ATTRIBUTE: "EGL_BAD_ATTRIBUTE", EGL_BAD_CONTEXT: "EGL_BAD_CONTEXT",
        EGL_BAD_CONFIG: "EGL_BAD_CONFIG", EGL_BAD_DISPLAY: "EGL_BAD_DISPLAY",
        EGL_BAD_MATCH: "EGL_BAD_MATCH", EGL_BAD_PARAMETER: "EGL_BAD_PARAMETER",
    ]
    return names[code] ?? String(format: "0x%04x", code)
}
