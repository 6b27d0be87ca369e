/// A window's role as the shell and the window lists see it: an
/// xdg_toplevel, or an X11 window that Xwayland shows in a surface.
package protocol Toplevel: AnyObject {
    var surface: Surface { get }
    var title: String { get }
    var appID: String { get }
    /// Its client or X window still exists.
    var isAlive: Bool { get }
    var mapped: Bool { get }
    var wantsFullscreen: Bool { get }
    var wantsMaximized: Bool { get }
    /// The size and states it was last configured to.
    var lastConfiguration: ToplevelConfiguration? { get }
    /// Its xdg_surface (window geometry, popups, configure acks); nil for an X window.
    var shellSurface: XdgSurface? { get }
    /// Configures it to what the shell wants, where that changed.
    func reconfigure()
    /// Asks it to close, as its close button would.
    func sendClose()
    func askFullscreen(_ fullscreen: Bool)
    func askMaximized(_ maximized: Bool)
}
