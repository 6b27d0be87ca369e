/// Where the output is shown: nowhere (offscreen, for tests and demos), or in
/// a window on the Wayland compositor Segue was started in.
public enum BackendKind: String, Sendable, CaseIterable {
    case headless
    case wayland
}
