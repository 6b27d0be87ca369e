import SegueEngine

/// A window changing its rectangle, as a niri resize shader draws one frame
/// of it: where its current geometry lies in the drawing (fractions from its
/// top-left), and its pictures' sizes before and after, in pixels.
package struct ResizeFrame: Equatable {
    package var current: LayerRect
    package var previous: (width: Int, height: Int)
    package var next: (width: Int, height: Int)

    package init(current: LayerRect, previous: (width: Int, height: Int), next: (width: Int, height: Int)) {
        (self.current, self.previous, self.next) = (current, previous, next)
    }

    package static func == (a: ResizeFrame, b: ResizeFrame) -> Bool {
        a.current == b.current && a.previous == b.previous && a.next == b.next
    }
}
