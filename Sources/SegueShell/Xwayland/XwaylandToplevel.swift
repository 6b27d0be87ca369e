import SegueWayland
import SegueX11

/// A managed X window as a Segue window's toplevel: its surface Xwayland's,
/// its title and class the window's properties (the class as its app id, as
/// sway does), configured through the window manager to what the shell
/// wants, closed with `WM_DELETE_WINDOW`.
final class XwaylandToplevel: Toplevel {
    private(set) var window: X11Window
    let surface: Surface
    /// Gone with Xwayland, while a closing window may still hold this.
    private weak var manager: X11WindowManager?
    private weak var delegate: ToplevelDelegate?
    private(set) var isAlive = true
    private(set) var mapped = false
    private(set) var lastConfiguration: ToplevelConfiguration?
    /// Where the shell last put it, in root coordinates.
    private var placedAt: (x: Int, y: Int) = (0, 0)
    /// Its program's menus and tooltips shown now, each surface with its top
    /// left relative to this window's (surface units): drawn over it, as popups are.
    var menus: () -> [(surface: Surface, x: Int, y: Int)] = { [] }

    init(window: X11Window, surface: Surface, manager: X11WindowManager, delegate: ToplevelDelegate?) {
        self.window = window
        self.surface = surface
        self.manager = manager
        self.delegate = delegate
    }

    var title: String { window.title }
    var appID: String { window.className }
    var wantsFullscreen: Bool { false }
    var wantsMaximized: Bool { false }
    var shellSurface: XdgSurface? { nil }

    /// Its window's properties changed: a mapped one is renamed where its title or class did.
    func update(_ changed: X11Window) {
        let renamed = (changed.title, changed.className) != (window.title, window.className)
        window = changed
        if renamed && mapped { delegate?.toplevelRenamed(self) }
    }

    /// Shown once its window is mapped and its surface has a picture; configured to fill the area windows get then.
    func map() {
        guard !mapped, isAlive, window.mapped, surface.hasBuffer else { return }
        reconfigure()
        mapped = true
        delegate?.toplevelMapped(self)
    }

    /// Its window was unmapped or destroyed, or its surface went: it closes, its picture kept.
    func unmap(destroyed: Bool) {
        if destroyed { isAlive = false }
        guard mapped else { return }
        delegate?.toplevelWillUnmap(self)
        mapped = false
        delegate?.toplevelUnmapped(self)
    }

    func reconfigure() {
        guard isAlive, let configuration = delegate?.configuration(for: self), configuration != lastConfiguration else { return }
        lastConfiguration = configuration
        // Free placement's 0×0 leaves the size to the program.
        guard configuration.width > 0, configuration.height > 0 else { return }
        manager?.configure(window.id, x: placedAt.x, y: placedAt.y, width: Int(configuration.width), height: Int(configuration.height))
    }

    /// Where the shell draws it, so X's idea of where it is (menus placed against it) matches.
    func place(x: Int, y: Int) {
        guard (x, y) != placedAt else { return }
        placedAt = (x, y)
        if let configuration = lastConfiguration, configuration.width > 0, configuration.height > 0 {
            manager?.configure(window.id, x: x, y: y, width: Int(configuration.width), height: Int(configuration.height))
        }
    }

    func sendClose() { manager?.close(window.id) }

    /// X windows' fullscreen and maximize come with `_NET_WM_STATE`, not yet handled: a taskbar's request is ignored.
    func askFullscreen(_ fullscreen: Bool) {}
    func askMaximized(_ maximized: Bool) {}
}
