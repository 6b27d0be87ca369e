import CGLES
import CSegue
import SegueEngine
import SegueRender

/// Where `segue_player_draw_window` draws a window, checked: its rectangle
/// in the framebuffer, the margin the effect may draw into, the framebuffer's size.
struct WindowArea {
    let rect: PixelRect
    let margin: Int
    let framebufferWidth: Int
    let framebufferHeight: Int

    init(_ area: segue_window_area) throws {
        guard area.framebuffer_width > 0, area.framebuffer_height > 0 else {
            throw LibraryError.invalid("a framebuffer of \(area.framebuffer_width)x\(area.framebuffer_height) is empty")
        }
        guard area.width > 0, area.height > 0 else { throw LibraryError.invalid("a window of \(area.width)x\(area.height) is empty") }
        guard area.margin >= 0 else { throw LibraryError.invalid("a margin of \(area.margin) is negative") }
        rect = PixelRect(x: Int(area.x), y: Int(area.y), width: Int(area.width), height: Int(area.height))
        margin = Int(area.margin)
        framebufferWidth = Int(area.framebuffer_width)
        framebufferHeight = Int(area.framebuffer_height)
        guard rect.clipped(to: PixelRect(x: 0, y: 0, width: framebufferWidth, height: framebufferHeight)) != nil else {
            throw LibraryError.invalid("the window at \(rect.x), \(rect.y) of \(rect.width)x\(rect.height) has no pixel on the "
                                       + "\(framebufferWidth)x\(framebufferHeight) framebuffer")
        }
        var largest: GLint = 0, viewport: [GLint] = [0, 0]
        glGetIntegerv(GLenum(GL_MAX_TEXTURE_SIZE), &largest)
        glGetIntegerv(GLenum(GL_MAX_VIEWPORT_DIMS), &viewport)
        let limit = min(Int(largest), Texture.maxSize)
        guard limit >= 1, viewport[0] >= 1, viewport[1] >= 1 else { throw LibraryError(SEGUE_ERROR_GL, "GL gives no texture size (a lost context?)") }
        guard framebufferWidth <= Int(viewport[0]), framebufferHeight <= Int(viewport[1]) else {
            throw LibraryError.invalid("a framebuffer of \(framebufferWidth)x\(framebufferHeight) is past GL's viewport size "
                                       + "\(viewport[0])x\(viewport[1])")
        }
        guard rect.width + 2 * margin <= limit, rect.height + 2 * margin <= limit else {
            throw LibraryError.invalid("the window of \(rect.width)x\(rect.height) with a margin of \(margin) is "
                                       + "\(rect.width + 2 * margin)x\(rect.height + 2 * margin), past GL's texture size \(limit)")
        }
    }

    /// What is drawn: the window and its margin, in the framebuffer from its top-left.
    var drawn: PixelRect {
        PixelRect(x: rect.x - margin, y: rect.y - margin, width: rect.width + 2 * margin, height: rect.height + 2 * margin)
    }

    /// The window within what is drawn.
    var window: PixelRect { PixelRect(x: margin, y: margin, width: rect.width, height: rect.height) }
}
