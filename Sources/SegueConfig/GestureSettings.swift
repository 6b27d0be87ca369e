/// `[gestures]`: how a hand drives a switch.
public struct GestureSettings: Sendable, Equatable {
    /// Held while the pointer drags sideways, it scrubs a switch: left toward
    /// the next window, right toward the previous one. Nil turns it off.
    public var dragModifier: KeyChord.Modifier? = .super
    /// A touchpad swipe of this many fingers scrubs a switch as the drag does;
    /// 0 turns it off. Swipes of other counts go to the client under the pointer.
    public var swipeFingers: UInt32 = 3
    /// A touchpad swipe of this many fingers scrubs a switch to the next or
    /// previous workspace; 0 turns it off.
    public var workspaceSwipeFingers: UInt32 = 4
    /// A touch coming in from the output's left edge swipes back to the previous window.
    public var edgeSwipe = true
    /// Pixels of travel for a whole switch; nil for the output's width.
    public var distance: Int?

    public static let distanceRange = 50...10_000
    public static let swipeFingerCounts: [UInt32] = [0, 3, 4]

    public init() {}
}
