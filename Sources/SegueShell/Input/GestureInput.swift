import SegueEngine

/// A drag, touch or touchpad swipe that drives a switch instead of reaching a
/// client: where it started, and whether it has moved far enough to have begun the gesture.
struct GestureInput {
    /// What the hand is: the pointer with the drag modifier held, or a touch point.
    enum Source: Equatable {
        case pointer
        case touch(id: Int32)
        /// A touchpad swipe, whose moves come as distances.
        case swipe
    }

    let source: Source
    /// A swipe of `workspace-swipe-fingers`: it goes to the next or previous workspace, not window.
    var toWorkspace = false
    let startX: Double
    /// Where the hand is now, for a swipe that reports only how far it moved.
    var x: Double
    /// The hand of the switch it began once it had moved `threshold` units,
    /// and the progress that switch started from (past 0 when it took another over).
    var driving: InteractiveProgress?
    var startProgress = 0.0
    /// Its gesture could not begin, or another took it over: the rest of
    /// what this hand does is swallowed, not retried.
    var refused = false
    /// Which way it goes: +1 when moving right increases progress, -1 when left does.
    var sign = 1.0

    init(source: Source, startX: Double) {
        self.source = source
        self.startX = startX
        x = startX
    }

    /// What a hand that moved far enough begins: a switch in opening order
    /// (`forward`: to the next window, as a move left does), or, a touch from
    /// the edge moving right, back to the window shown before.
    enum Beginning: Equatable {
        case step(forward: Bool)
        case back
    }

    /// How far it has moved from where it started.
    var moved: Double { x - startX }

    /// It moved to `x`: a swipe reports how far it moved, the others where they are.
    mutating func move(_ x: Double) {
        self.x = source == .swipe ? self.x + x : x
    }

    /// What it begins, once it has moved `threshold` units and begun nothing
    /// yet; nil before, and for a touch moving left (the edge swipe only goes back).
    /// A step takes the sign its direction gives progress.
    mutating func beginning() -> Beginning? {
        guard driving == nil, !refused, abs(moved) >= Self.threshold else { return nil }
        switch source {
        case .pointer, .swipe:
            sign = moved < 0 ? -1 : 1
            return .step(forward: moved < 0)
        case .touch:
            return moved > 0 ? .back : nil
        }
    }

    /// The progress its switch shows now, a whole switch for `distance` units of travel.
    func progress(over distance: Double) -> Double { startProgress + sign * moved / distance }

    /// Surface units a hand moves before it counts as a gesture, not a click or a tap.
    static let threshold = 8.0
    /// How close to the output's left edge a touch comes down to swipe back.
    static let edge = 16.0
}
