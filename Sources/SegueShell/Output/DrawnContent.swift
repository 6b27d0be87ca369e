import SegueEngine
import SeguePolicy
import SegueRender

/// What a frame drew, to draw it again.
enum DrawnContent {
    case nothing
    case transition(Transition<ScreenSource>, over: Animation<Window, ScreenSource>.Over?, progress: Double, form: Renderer.EffectForm,
                    scale: Double)
    case desktop
    /// The held switcher over the shown window.
    case switcher(SwitcherView)
    /// The switcher's overlay, let go, at `opacity` over the shown screen.
    case departing(Texture, opacity: Float)
    /// The shown window's screen, or the background.
    case screen
}

/// What a frame of one screen showed, as far as its damage goes: the screen
/// in a version (the texture held weakly: one freed is no longer what any
/// frame shows). The desktop's frames show elements (`DrawnElement`).
struct FrameKey: Equatable {
    weak var screen: Texture?
    let version: Int?

    init(screen: Texture, version: Int?) {
        self.screen = screen
        self.version = version
    }

    static func == (lhs: FrameKey, rhs: FrameKey) -> Bool {
        lhs.screen === rhs.screen && lhs.version == rhs.version && lhs.screen != nil
    }
}
