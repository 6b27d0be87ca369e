import SegueEngine

/// How one window lies in a frame an effect draws of it alone: where its
/// geometry is in the drawing (fractions from its top-left; all of it where
/// nil), whether it is appearing or going, and whether it covers its output
/// (a fullscreen or maximized window, to Burn-My-Windows' shaders).
package struct OneWindowFrame: Equatable {
    package var geometry: LayerRect?
    package var opening: Bool
    package var fillsOutput: Bool
    /// The effect's room about this window, in window sizes (see `EffectDescriptor.room(windowHeight:outputHeight:)`).
    package var room: (x: Double, y: Double)

    package init(geometry: LayerRect?, opening: Bool, fillsOutput: Bool, room: (x: Double, y: Double) = (1, 1)) {
        (self.geometry, self.opening, self.fillsOutput, self.room) = (geometry, opening, fillsOutput, room)
    }

    package static func == (a: OneWindowFrame, b: OneWindowFrame) -> Bool {
        a.geometry == b.geometry && a.opening == b.opening && a.fillsOutput == b.fillsOutput && a.room == b.room
    }

    /// The part of the drawing the effect draws in: the window's geometry
    /// grown `room` times about its centre.
    var roomRect: LayerRect {
        let g = geometry ?? .unit
        let (w, h) = (g.width * room.x, g.height * room.y)
        return LayerRect(x: g.x + (g.width - w) / 2, y: g.y + (g.height - h) / 2, width: w, height: h)
    }

    /// `bounds` (a window on an output `outputWidth` × `outputHeight`) and
    /// the margin an effect drawing it alone may draw into around it: an
    /// eighth of the output's shorter side, or the room the effect asks for
    /// (the window grown that many times) where that is more.
    package static func area(around bounds: PixelRect, room: (x: Double, y: Double), outputWidth: Int, outputHeight: Int) -> PixelRect {
        let margin = max(32, min(outputWidth, outputHeight) / 8)
        let x = max(margin, Int((Double(bounds.width) * (room.x - 1) / 2).rounded(.up)))
        let y = max(margin, Int((Double(bounds.height) * (room.y - 1) / 2).rounded(.up)))
        return PixelRect(x: bounds.x - x, y: bounds.y - y, width: bounds.width + 2 * x, height: bounds.height + 2 * y)
    }
}
