import SegueEngine

/// Where an xdg_positioner puts a popup: its rules and the arithmetic
/// xdg-shell gives them, in the parent's window-geometry coordinates.
package struct PopupPlacement: Equatable {
    package var width = 0, height = 0
    package var anchorRect = PixelRect(x: 0, y: 0, width: 0, height: 0)
    /// xdg_positioner.anchor and .gravity: 0 none, 1 top, 2 bottom, 3 left,
    /// 4 right, 5 top left, 6 bottom left, 7 top right, 8 bottom right.
    package var anchor: UInt32 = 0
    package var gravity: UInt32 = 0
    /// xdg_positioner.constraint_adjustment bits: 1 slide x, 2 slide y,
    /// 4 flip x, 8 flip y, 16 resize x, 32 resize y.
    package var constraintAdjustment: UInt32 = 0
    package var offsetX = 0, offsetY = 0

    package init() {}

    /// The popup's rectangle. Where `bounds` is given (the area it must stay
    /// in, usually the output) and the rectangle leaves it, the adjustments the
    /// client allowed are tried per axis in xdg-shell's order: flip, slide, resize.
    package func rectangle(within bounds: PixelRect? = nil) -> PixelRect {
        let x = adjusted(Axis.horizontal, bounds: bounds)
        let y = adjusted(Axis.vertical, bounds: bounds)
        return PixelRect(x: x.start, y: y.start, width: x.length, height: y.length)
    }

    private enum Axis { case horizontal, vertical }

    /// Which way along an axis an anchor or gravity points: -1 to the start
    /// (left, top), 1 to the end, 0 the middle.
    private static func direction(_ value: UInt32, _ axis: Axis) -> Int {
        switch (axis, value) {
        case (.horizontal, 3), (.horizontal, 5), (.horizontal, 6): return -1
        case (.horizontal, 4), (.horizontal, 7), (.horizontal, 8): return 1
        case (.vertical, 1), (.vertical, 5), (.vertical, 7): return -1
        case (.vertical, 2), (.vertical, 6), (.vertical, 8): return 1
        default: return 0
        }
    }

    private func place(_ axis: Axis, anchorDirection: Int, gravityDirection: Int, flipped: Bool = false) -> (start: Int, length: Int) {
        let (rectStart, rectLength, length, offset) = axis == .horizontal
            ? (anchorRect.x, anchorRect.width, width, offsetX) : (anchorRect.y, anchorRect.height, height, offsetY)
        let point = switch anchorDirection {
        case -1: rectStart
        case 1: rectStart + rectLength
        default: rectStart + rectLength / 2
        }
        let start = switch gravityDirection {
        case -1: point - length
        case 1: point
        default: point - length / 2
        }
        return (start + (flipped ? -offset : offset), length)
    }

    private func adjusted(_ axis: Axis, bounds: PixelRect?) -> (start: Int, length: Int) {
        let anchorDirection = Self.direction(anchor, axis), gravityDirection = Self.direction(gravity, axis)
        var placed = place(axis, anchorDirection: anchorDirection, gravityDirection: gravityDirection)
        guard let bounds else { return placed }
        let (low, high) = axis == .horizontal ? (bounds.x, bounds.x + bounds.width) : (bounds.y, bounds.y + bounds.height)
        let fits = { (p: (start: Int, length: Int)) in p.start >= low && p.start + p.length <= high }
        guard !fits(placed) else { return placed }
        let (slide, flip, resize): (UInt32, UInt32, UInt32) = axis == .horizontal ? (1, 4, 16) : (2, 8, 32)
        if constraintAdjustment & flip != 0 {
            // The mirror image about the anchor rectangle's centre, offset too (as
            // wlroots does), kept only where it fits.
            let flipped = place(axis, anchorDirection: -anchorDirection, gravityDirection: -gravityDirection, flipped: true)
            if fits(flipped) { return flipped }
        }
        if constraintAdjustment & slide != 0 {
            // Toward the bounds until it fits, or, too long to fit, with its start at theirs.
            if placed.start + placed.length > high { placed.start = high - placed.length }
            if placed.start < low { placed.start = low }
        }
        if constraintAdjustment & resize != 0 {
            let start = max(placed.start, low), end = min(placed.start + placed.length, high)
            if end > start { placed = (start, end - start) }
        }
        return placed
    }
}
