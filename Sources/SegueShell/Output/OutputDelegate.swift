import SegueEngine
import SegueRender

/// What the output asks the compositor while it draws and presents.
protocol OutputDelegate: AnyObject {
    /// The screen to show when no transition runs, nil for the bare background.
    func shownScreen() -> ScreenSource?
    /// The held switcher, while its overlay shows.
    func switcherView() -> SwitcherView?
    /// Free placement's windows on workspace `number` (nil: the shown one),
    /// bottom to top, with their top left corners in output pixels.
    func placedWindows(onWorkspace number: Int?) -> [(window: Window, x: Int, y: Int)]
    /// Where free placement puts `window`'s top left, in output pixels (a minimized one: where it was).
    func placedOrigin(of window: Window) -> (x: Int, y: Int)
    /// A frame was presented; `visible` are the windows it showed.
    func framePresented(at time: Instant, sequence: UInt64, visible: [Window])
}
