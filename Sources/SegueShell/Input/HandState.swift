import SegueLoop

/// Hands switching windows: the drag, touch or swipe being read while it
/// is held, who hears how each hand's switch ended (the one who began it,
/// and the one who let it go) by its transition, and the watch that lets go
/// of a hand that stopped saying anything (a script that died between
/// steps) after `idleLimit` milliseconds.
struct HandState {
    var input: GestureInput?
    var listeners: [Int: [TransitionCompletionHandler]] = [:]
    var idleTimer: LoopTimer?
    var idleLimit: Int32 = 10_000
}
