/// Where the pointer is on the output and which buttons it holds: while one
/// is held, the surface it went down on keeps the pointer (an implicit grab).
struct PointerState {
    /// Output pixels; nil until the pointer first moves.
    var position: (x: Double, y: Double)?
    var pressed: Set<UInt32> = []
    /// The button holding a drag gesture, which clients never see.
    var gestureButton: UInt32?
    /// The button whose press chose in the switcher: its release is the switcher's too.
    var switcherButton: UInt32?
}
