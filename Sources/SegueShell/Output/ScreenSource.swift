import SeguePolicy
import SegueRender

/// What one side of a transition shows: a live window, whose content keeps
/// updating during the transition, or a fixed texture (a snapshot of the
/// screen when a transition was retargeted), or the bare background; or,
/// with free placement, every window where it was placed: the shown
/// desktop, or a workspace's (its windows over the background and bottom
/// layers, composed into a picture) on one side of a switch between desktops.
enum ScreenSource {
    case window(Window)
    case texture(Texture)
    case background
    case desktop
    case workspace(Int)
}

