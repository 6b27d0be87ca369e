import SegueLoop

/// Hands switching windows: the drag, touch or swipe being read while it
/// is held, and the watch that lets go of a hand that stopped saying
/// anything (a script that died between steps) after `idleLimit`
/// milliseconds. Who hears how a hand's switch ended listens to its animation.
struct HandState {
    var input: GestureInput?
    var idleTimer: LoopTimer?
    var idleLimit: Int32 = 10_000
}
