import SegueEngine
import SegueRender

/// One side of a transition: the embedder's texture, which new content may
/// replace while it plays, Segue's snapshot of a frame it drew, or nothing (a
/// window opening or closing over what is behind it).
enum PlayerScreen {
    case host(HostTexture)
    /// A frame (for one drawn for a window, the window's rectangle of it) and,
    /// for a window, the whole of it, margin included, and where it was.
    case snapshot(Texture, whole: WholeFrame?)
    case nothing
}

/// A frame drawn for a window (`segue_player_draw_window`): the window and its
/// margin, and where they were in the framebuffer, from its top-left.
struct WholeFrame {
    let texture: Texture
    let drawn: PixelRect
}
