/// What the compositor is told of toplevel windows, and asked of them.
package protocol ToplevelDelegate: AnyObject {
    /// The toplevel committed its first buffer after being configured.
    func toplevelMapped(_ toplevel: any Toplevel)
    /// The toplevel lost its buffer or was destroyed.
    func toplevelUnmapped(_ toplevel: any Toplevel)
    /// A mapped toplevel is about to lose its buffer (and be unmapped): it is
    /// still drawn as it was, for a close to keep its picture.
    func toplevelWillUnmap(_ toplevel: any Toplevel)
    /// A mapped toplevel's title or app_id changed.
    func toplevelRenamed(_ toplevel: any Toplevel)
    /// A mapped toplevel asked to be minimized.
    func toplevelMinimizeRequested(_ toplevel: any Toplevel)
    /// A mapped toplevel was configured maximized or fullscreen, or no more.
    func toplevelRestated(_ toplevel: any Toplevel)
    /// The size and states a toplevel should be configured with.
    func configuration(for toplevel: any Toplevel) -> ToplevelConfiguration
}

package struct ToplevelConfiguration: Equatable {
    package var width: Int32
    package var height: Int32
    package var activated: Bool
    package var fullscreen: Bool
    package var maximized: Bool
    /// Whether every edge is against the output's (the tiled states), so
    /// clients draw square corners and no shadow there.
    package var tiled: Bool
    /// Whether the window manager acts on maximize requests
    /// (xdg_toplevel.wm_capabilities); fullscreen is always acted on.
    package var offersMaximize: Bool

    package init(width: Int32, height: Int32, activated: Bool, fullscreen: Bool, maximized: Bool, tiled: Bool,
                 offersMaximize: Bool) {
        self.width = width
        self.height = height
        self.activated = activated
        self.fullscreen = fullscreen
        self.maximized = maximized
        self.tiled = tiled
        self.offersMaximize = offersMaximize
    }
}
