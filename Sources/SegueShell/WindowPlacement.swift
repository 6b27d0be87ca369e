import SegueEngine
import SeguePolicy
import SegueWayland

/// Where windows go on the output.
public enum WindowPlacement: String, Sendable {
    /// Segue's own: one window shown at a time, maximized (or fullscreen when
    /// it asks) and centred when it is smaller, and a transition whenever the
    /// shown window changes.
    case stacked
    /// Every window at the position it was given (the top left until then),
    /// at the size its client picks, stacked in the order they were shown; a
    /// window opens, closes, minimizes and restores with its effect over its
    /// desktop, and a click raises and focuses one at once. For desktops of
    /// overlapping windows, embedders, and conformance tests, whose clients
    /// place windows and point at them.
    case free
}

/// Every decision that depends on the placement, so it is read in this file alone.
extension WindowPlacement {
    /// Whether `event` plays a transition: stacked, every change of the shown
    /// window; free placement, a workspace switch (between whole desktops)
    /// and a window coming or going over its desktop, as a raise shows at once there.
    func plays(_ event: TransitionEvent) -> Bool { self == .stacked || event != .switch }

    /// The two sides of a transition between `from` and `to`: stacked, each
    /// window's screen (the bare background for none); free placement, a
    /// workspace switch's two desktops, and a window opened, closed,
    /// minimized or restored on one side and its desktop, shown as `shown`,
    /// on the other.
    func screens(of event: TransitionEvent, from: Window?, to: Window?, workspaces: WorkspaceChange?,
                 shown: Int) -> (from: ScreenSource, to: ScreenSource) {
        if !showsOneWindow, let workspaces { return (.workspace(workspaces.from), .workspace(workspaces.to)) }
        if !showsOneWindow, [.minimize, .close].contains(event), let from { return (.window(from), .workspace(shown)) }
        if !showsOneWindow, [.restore, .open].contains(event), let to { return (.workspace(shown), .window(to)) }
        return (from.map(ScreenSource.window) ?? .background, to.map(ScreenSource.window) ?? .background)
    }

    /// Whether the output shows one window at a time, composed into a screen
    /// of its own; free placement shows every window, where each is.
    var showsOneWindow: Bool { self == .stacked }

    /// Whether windows keep positions of their own (set by the embedder, or
    /// what a client's geometry says) and a click raises the window under it.
    var keepsPositions: Bool { self == .free }

    /// What the output shows when no transition runs.
    func screen(showing shown: Window?) -> ScreenSource? {
        showsOneWindow ? shown.map(ScreenSource.window) : .desktop
    }

    /// The windows that take pointer and touch input, top first.
    func inputOrder(of stack: WindowStack<Window>) -> [Window] {
        showsOneWindow ? stack.shown.map { [$0] } ?? [] : stack.shownOrder.reversed()
    }

    /// A window's surface's top left on an output of `scale` pixels per
    /// surface unit whose windows get `area`, in output pixels: where it is
    /// drawn and where it takes input. Stacked, its window geometry (not its
    /// shadow) centred in the area on each axis where it fits, and its top or
    /// left edge on the area's where it does not, so its title bar and first
    /// column stay reachable; free, where its last commit or placement put it.
    func origin(of window: Window, area: PixelRect, scale: Int) -> (x: Int, y: Int) {
        switch self {
        case .stacked:
            let surface = window.surface
            let geometry = window.toplevel.shellSurface?.geometry ?? PixelRect(x: 0, y: 0, width: surface.width, height: surface.height)
            let origin = Self.stackedOrigin(of: geometry, width: area.width, height: area.height, scale: scale)
            return (area.x + origin.x, area.y + origin.y)
        case .free:
            let origin = window.origin ?? Self.placedOrigin(of: window, usable: (area.x / scale, area.y / scale))
            return (origin.x * scale, origin.y * scale)
        }
    }

    /// Stacked: the surface's top left (output pixels) that puts its window
    /// `geometry` (surface units, from the surface's top left) centred on each
    /// axis where it fits, and its top or left edge on the output's where not.
    static func stackedOrigin(of geometry: PixelRect, width: Int, height: Int, scale: Int) -> (x: Int, y: Int) {
        func start(_ offset: Int, _ length: Int, within room: Int) -> Int {
            (length * scale <= room ? (room - length * scale) / 2 : 0) - offset * scale
        }
        return (start(geometry.x, geometry.width, within: width), start(geometry.y, geometry.height, within: height))
    }

    /// Free placement: the window geometry's top left where the window was
    /// placed, at the top left of the area bars leave (`usable`) when drawn
    /// maximized, or at the output's when drawn fullscreen, in surface units.
    static func placedOrigin(of window: Window, usable: (x: Int, y: Int)) -> (x: Int, y: Int) {
        let toplevel = window.toplevel
        let corner = window.drawnState.fullscreen ? (0, 0) : window.drawnState.maximized ? usable : window.position ?? (0, 0)
        let geometry = toplevel.shellSurface?.geometry
        return (corner.0 - (geometry?.x ?? 0), corner.1 - (geometry?.y ?? 0))
    }

    /// What a toplevel is configured to where windows get `width`×`height`
    /// (surface units): stacked, to fill it, maximized and tiled so it keeps its own
    /// title bar, or fullscreen while it asks; free, the size its client picks
    /// (0×0) unless it asked to fill the output.
    func configuration(for toplevel: any Toplevel, shown: Bool, width: Int32, height: Int32) -> ToplevelConfiguration {
        configuration(wantsFullscreen: toplevel.wantsFullscreen, wantsMaximized: toplevel.wantsMaximized, shown: shown,
                      width: width, height: height)
    }

    /// What a toplevel that asks for fullscreen or maximized (or neither) is configured to.
    func configuration(wantsFullscreen fullscreen: Bool, wantsMaximized: Bool, shown: Bool, width: Int32, height: Int32) -> ToplevelConfiguration {
        guard keepsPositions else {
            return ToplevelConfiguration(width: width, height: height, activated: shown, fullscreen: fullscreen,
                                         maximized: !fullscreen, tiled: !fullscreen, offersMaximize: false)
        }
        let maximized = !fullscreen && wantsMaximized
        let fills = fullscreen || maximized
        return ToplevelConfiguration(width: fills ? width : 0, height: fills ? height : 0, activated: shown,
                                     fullscreen: fullscreen, maximized: maximized, tiled: false, offersMaximize: true)
    }
}
