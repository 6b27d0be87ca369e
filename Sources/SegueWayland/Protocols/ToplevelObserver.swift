/// The compositor's view of toplevel windows.
package protocol ToplevelObserver: AnyObject {
    /// The toplevel committed its first buffer after being configured.
    func toplevelMapped(_ toplevel: XdgToplevel)
    /// The toplevel lost its buffer or was destroyed.
    func toplevelUnmapped(_ toplevel: XdgToplevel)
    /// A mapped toplevel's title or app_id changed.
    func toplevelRenamed(_ toplevel: XdgToplevel)
    /// The size and states a toplevel should be configured with.
    func configuration(for toplevel: XdgToplevel) -> ToplevelConfiguration
}

package struct ToplevelConfiguration: Equatable {
    package var width: Int32
    package var height: Int32
    package var activated: Bool

    package init(width: Int32, height: Int32, activated: Bool) {
        self.width = width
        self.height = height
        self.activated = activated
    }
}
