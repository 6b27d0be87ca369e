import SegueEngine

/// A switch a hand drives: the window it goes to, where the hand is, and who
/// hears how it ended (the one who began it, and the one who let it go).
final class Gesture {
    let target: Window
    let hand: InteractiveProgress
    var whenDone: [TransitionCompletionHandler] = []

    init(target: Window, hand: InteractiveProgress) {
        self.target = target
        self.hand = hand
    }
}
