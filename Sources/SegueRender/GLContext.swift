import CEGL
import CGLES
import Foundation

/// An EGL display and a current OpenGL ES 3 context with no window surface:
/// everything renders into framebuffer objects.
///
/// Mesa's surfaceless platform is tried first (software llvmpipe here, the GPU
/// where Mesa drives one); then the EGL device platform, which proprietary
/// drivers implement. `SEGUE_EGL_PLATFORM=surfaceless|device` forces one.
public final class GLContext {
    public enum Platform: String, Sendable { case surfaceless, device }

    public let display: EGLDisplay
    public let context: EGLContext
    public let platform: Platform
    /// GL_RENDERER, e.g. "llvmpipe (LLVM 15.0.6, 256 bits)".
    public let renderer: String

    public init() throws {
        var platforms: [Platform] = [.surfaceless, .device]
        if let forced = ProcessInfo.processInfo.environment["SEGUE_EGL_PLATFORM"] {
            guard let platform = Platform(rawValue: forced) else {
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
                self.renderer = String(cString: glGetString(GLenum(GL_RENDERER)))
                return
            } catch {
                failures.append("\(platform.rawValue): \(error)")
            }
        }
        throw RenderError("no usable EGL display with OpenGL ES 3 (" + failures.joined(separator: "; ") + ")")
    }

    deinit {
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
