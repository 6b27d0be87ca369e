/// The compositor's view of toplevel windows.
protocol ToplevelObserver: AnyObject {
    /// The toplevel committed its first buffer after being configured.
    func toplevelMapped(_ toplevel: XdgToplevel)
    /// The toplevel lost its buffer or was destroyed.
    func toplevelUnmapped(_ toplevel: XdgToplevel)
    /// A mapped toplevel's title or app_id changed.
    func toplevelRenamed(_ toplevel: XdgToplevel)
    /// The size and states a toplevel should be configured with.
    func configuration(for toplevel: XdgToplevel) -> ToplevelConfiguration
}

struct ToplevelConfiguration: Equatable {
    var width: Int32
    var height: Int32
    var activated: Bool
}
