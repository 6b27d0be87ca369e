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
    /// Where the shell draws its top left (root coordinates: the output's logical units).
    var origin: () -> (x: Int, y: Int) = { (0, 0) }
    /// Its program's menus and tooltips shown now, each surface with its top
    /// left relative to this window's (surface units): drawn over it, as popups are.
    var menus: () -> [(surface: Surface, x: Int, y: Int)] = { [] }

    init(window: X11Window, surface: Surface, manager: X11WindowManager, delegate: ToplevelDelegate?) {
        self.window = window
        self.surface = surface
        self.manager = manager
        self.delegate = delegate
        wantsFullscreen = window.wantsFullscreen
        wantsMaximized = window.wantsMaximized
    }

    var title: String { window.title }
    var appID: String { window.className }
    /// As its program asks (`_NET_WM_STATE`), or a taskbar asked since.
    private(set) var wantsFullscreen: Bool
    private(set) var wantsMaximized: Bool
    var shellSurface: XdgSurface? { nil }

    /// Its window's properties changed: a mapped one is renamed where its title or class did.
    func update(_ changed: X11Window) {
        let renamed = (changed.title, changed.className) != (window.title, window.className)
        let asked = (changed.wantsFullscreen, changed.wantsMaximized) != (window.wantsFullscreen, window.wantsMaximized)
        window = changed
        if renamed && mapped { delegate?.toplevelRenamed(self) }
        if asked { request(fullscreen: changed.wantsFullscreen, maximized: changed.wantsMaximized) }
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

    /// Configures it to what the shell wants, at the place the shell draws it
    /// (so X's idea of where it is, which menus are placed against, matches),
    /// and says its states in `_NET_WM_STATE`.
    func reconfigure() {
        guard isAlive, let configuration = delegate?.configuration(for: self) else { return }
        let at = origin()
        guard configuration != lastConfiguration || at != placedAt else { return }
        let restated = lastConfiguration.map { ($0.fullscreen, $0.maximized) != (configuration.fullscreen, configuration.maximized) }
        (lastConfiguration, placedAt) = (configuration, at)
        manager?.setStates(window.id, fullscreen: configuration.fullscreen, maximized: configuration.maximized)
        // Free placement's 0×0 leaves the size and place to the program.
        if configuration.width > 0, configuration.height > 0 {
            manager?.configure(window.id, x: at.x, y: at.y, width: Int(configuration.width), height: Int(configuration.height))
        }
        if restated == true, mapped { delegate?.toplevelRestated(self) }
    }

    func sendClose() { manager?.close(window.id) }

    /// A taskbar's request, as its program's own would be.
    func askFullscreen(_ fullscreen: Bool) { request(fullscreen: fullscreen) }
    func askMaximized(_ maximized: Bool) { request(maximized: maximized) }

    private func request(fullscreen: Bool? = nil, maximized: Bool? = nil) {
        wantsFullscreen = fullscreen ?? wantsFullscreen
        wantsMaximized = maximized ?? wantsMaximized
        reconfigure()
    }
}
