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
        var largest: GLint = 0
        glGetIntegerv(GLenum(GL_MAX_TEXTURE_SIZE), &largest)
        let limit = min(Int(largest), Texture.maxSize)
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

extension EffectSettings {
    /// The same with its source rectangle (fractions of the output, as
    /// `segue_choice_set_source_rect` sets it) in fractions of what `area` draws.
    func sourceRect(within area: WindowArea) -> EffectSettings {
        guard let rect = value("rect"), rect.floats.count == 4 else { return self }
        let drawn = area.drawn
        let (w, h) = (Double(area.framebufferWidth), Double(area.framebufferHeight))
        let f = rect.floats.map(Double.init)
        let placed = [(f[0] * w - Double(drawn.x)) / Double(drawn.width), (f[1] * h - Double(drawn.y)) / Double(drawn.height),
                      f[2] * w / Double(drawn.width), f[3] * h / Double(drawn.height)]
        var settings = self
        try? settings.set("rect", to: placed.map { String($0) }.joined(separator: ","))
        return settings
    }
}
