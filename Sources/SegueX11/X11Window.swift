/// An X11 window as Segue's window manager knows it: what the X server and
/// the program's properties say (the program chooses all of those but its
/// id and geometry), and the wl_surface Xwayland draws it into.
public struct X11Window: Sendable, Equatable {
    public let id: UInt32
    /// Placed by the program itself (menus, tooltips, drop-downs): never managed.
    public var overrideRedirect: Bool
    public var x: Int, y: Int, width: Int, height: Int
    public var mapped = false
    /// `_NET_WM_NAME`, else `WM_NAME`.
    public var title = ""
    /// `WM_CLASS`: the class (an app id's counterpart) and the instance.
    public var className = ""
    public var instance = ""
    /// `_NET_WM_PID`, as the program says it.
    public var pid: Int32?
    /// `WL_SURFACE_ID`: the wl_surface object of Xwayland's that shows it.
    public var surfaceID: UInt32?
    /// `WM_TRANSIENT_FOR`: the window it belongs to (a dialog's parent).
    public var transientFor: UInt32?
    /// `_NET_WM_WINDOW_TYPE`, by atom name (`_NET_WM_WINDOW_TYPE_DIALOG`, …).
    public var types: [String] = []
    /// What it asks of `_NET_WM_STATE`, as it mapped or by a client message since.
    public var wantsFullscreen = false
    public var wantsMaximized = false

    public init(id: UInt32, overrideRedirect: Bool, x: Int, y: Int, width: Int, height: Int) {
        self.id = id
        self.overrideRedirect = overrideRedirect
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
}
