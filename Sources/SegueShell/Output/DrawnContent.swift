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
