import Foundation
import Logging
import SegueHeadless
import SegueNested
import SegueRender
@_exported import SegueShell

extension Compositor {
    /// The compositor on the backend `options` names: offscreen, or in a
    /// window on the Wayland compositor Segue was started in.
    public convenience init(options: CompositorOptions, log: Logger) throws {
        switch options.backend {
        case .headless:
            try self.init(options: options, log: log, renderer: Renderer(), defaultSize: (1920, 1080)) { loop, width, height, refresh in
                try HeadlessBackend(loop: loop, width: width, height: height, refreshRate: refresh)
            }
        case .wayland:
            // Nested, Segue renders on the parent's EGL display: textures live where the window is shown.
            let drawing = try nestedDrawing()
            let parent = try ParentConnection()
            let renderer = Renderer(context: try parentContext(parent))
            // The size is only the window's first one, and smaller by default.
            try self.init(options: options, log: log, renderer: renderer, defaultSize: (1280, 720)) { loop, width, height, _ in
                try WaylandBackend(connection: parent, loop: loop, renderer: renderer, width: width, height: height,
                                   drawing: drawing, log: log)
            }
        }
    }
}

/// How a nested Segue's frames reach its window: the quicker way, measured,
/// unless SEGUE_NESTED_DRAWING says `window` or `offscreen`.
private func nestedDrawing() throws -> WindowSurface.Drawing {
    guard let value = ProcessInfo.processInfo.environment["SEGUE_NESTED_DRAWING"], !value.isEmpty else { return .measured }
    guard let drawing = WindowSurface.Drawing(rawValue: value) else {
        throw CompositorStartFailure(description: "SEGUE_NESTED_DRAWING=\(value): say measured, window or offscreen")
    }
    return drawing
}

/// A setting Segue cannot start with.
struct CompositorStartFailure: Error, CustomStringConvertible {
    let description: String
}

/// Segue's EGL on the parent's display. NVIDIA's client EGL needs the parent to
/// offer linux-dmabuf version 4 with a device, or wl_drm; a parent that offers
/// neither (a headless Segue) cannot host a nested one there.
private func parentContext(_ parent: ParentConnection) throws -> GLContext {
    do {
        return try GLContext(wayland: parent.display, owner: parent)
    } catch {
        throw NestedEGLUnavailable(reason: "\(error)")
    }
}

/// Why a nested Segue cannot draw on its parent, and what to do instead.
public struct NestedEGLUnavailable: Error, CustomStringConvertible {
    public let reason: String
    public var description: String {
        "Segue's EGL cannot draw on the parent compositor's display: \(reason). Run it headless instead (--backend headless)."
    }
}
