import SegueEngine

/// A switch a hand drives: the window it goes to, and where the hand is.
struct Gesture {
    let target: Window
    let hand: InteractiveProgress
}
