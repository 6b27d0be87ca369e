import SegueEngine

/// How one window lies in a frame an effect draws of it alone: where its
/// geometry is in the drawing (fractions from its top-left; all of it where
/// nil), whether it is appearing or going, and whether it covers its output
/// (a fullscreen or maximized window, to Burn-My-Windows' shaders).
package struct OneWindowFrame: Equatable {
    package var geometry: LayerRect?
    package var opening: Bool
    package var fillsOutput: Bool

    package init(geometry: LayerRect?, opening: Bool, fillsOutput: Bool) {
        (self.geometry, self.opening, self.fillsOutput) = (geometry, opening, fillsOutput)
    }

    /// The part of the drawing an effect with `room` draws in: the window's
    /// geometry grown that many times about its centre.
    func room(_ room: (x: Double, y: Double)) -> LayerRect {
        let g = geometry ?? .unit
        let (w, h) = (g.width * room.x, g.height * room.y)
        return LayerRect(x: g.x + (g.width - w) / 2, y: g.y + (g.height - h) / 2, width: w, height: h)
    }
}
