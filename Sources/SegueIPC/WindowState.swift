/// A state `segue msg maximize` and `segue msg fullscreen` set, as a window's
/// client or a taskbar would ask it: on, off, or the other way round.
public enum WindowState: String, Sendable, CaseIterable {
    case maximized = "maximize"
    case fullscreen

    /// The reply's field that says whether the window is in it now.
    public var field: String { self == .maximized ? "maximized" : "fullscreen" }
}
