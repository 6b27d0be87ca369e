import SegueEngine
import SegueRender

/// What a frame drew, to draw it again.
enum DrawnContent {
    case nothing
    case transition(Transition<ScreenSource>, progress: Double, form: Renderer.EffectForm, scale: Double)
    case desktop
    /// The held switcher over the shown window.
    case switcher(SwitcherView)
    /// The switcher's overlay, let go, at `opacity` over the shown screen.
    case departing(Texture, opacity: Float)
    /// The shown window's screen, or the background.
    case screen
}

/// What a frame showed, as far as its damage goes: one screen in a version
/// (the texture held weakly: one freed is no longer what any frame shows),
/// or the desktop's layers where they lay.
struct FrameKey: Equatable {
    weak var screen: Texture?
    let version: Int?
    let desktop: [Placement]?

    init(screen: Texture? = nil, version: Int? = nil, desktop: [Placement]? = nil) {
        self.screen = screen
        self.version = version
        self.desktop = desktop
    }

    static func == (lhs: FrameKey, rhs: FrameKey) -> Bool {
        lhs.screen === rhs.screen && lhs.version == rhs.version && lhs.desktop == rhs.desktop
            && (lhs.screen != nil || lhs.desktop != nil)
    }
}
