import SegueLoop

/// What the compositor runs on the event loop besides the display's own
/// and the control socket: the signals that stop it, the timer that shows
/// the switcher's overlay once its open delay passes, and the one that looks
/// again whether a capture's readback is done.
struct LoopSources {
    var signals: [LoopSource] = []
    var switcherTimer: LoopTimer?
    var captureTimer: LoopTimer?

    /// All of them off the loop, as the compositor stops.
    mutating func removeAll() {
        switcherTimer?.remove()
        captureTimer?.remove()
        for source in signals { source.remove() }
        self = LoopSources()
    }
}
