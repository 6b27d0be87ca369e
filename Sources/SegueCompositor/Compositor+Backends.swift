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
                HeadlessBackend(loop: loop, width: width, height: height, refreshRate: refresh)
            }
        case .wayland:
            // Nested, Segue renders on the parent's EGL display: textures live where the window is shown.
            let parent = try ParentConnection()
            let renderer = Renderer(context: try GLContext(wayland: parent.display, owner: parent))
            // The size is only the window's first one, and smaller by default.
            try self.init(options: options, log: log, renderer: renderer, defaultSize: (1280, 720)) { loop, width, height, _ in
                try WaylandBackend(connection: parent, loop: loop, renderer: renderer, width: width, height: height, log: log)
            }
        }
    }
}
