import SegueEngine

/// The held switcher as an output keeps it between frames: the previewed
/// windows that committed since their preview was made, those whose turn the
/// last frame was (they alone hear of that frame), how far the cards had
/// come in the last frame drawn, and what the frame clock saw of the overlay.
struct SwitcherHold<Window: AnyObject> {
    private var changed: Set<ObjectIdentifier> = []
    private(set) var turns: [Window] = []
    private(set) var drawnAppear = 0.0
    private var statistics = FrameStatistics()
    /// The time the overlay's frame waiting for presentation was drawn for.
    private var drawnFor: Instant?

    /// `window`, previewed, committed: its preview is made again at its turn.
    mutating func committed(_ window: Window) { changed.insert(ObjectIdentifier(window)) }

    func hasNewPixels(_ window: Window) -> Bool { changed.contains(ObjectIdentifier(window)) }

    /// This frame was `windows`' turn: their previews are as they are now.
    mutating func took(turns windows: [Window]) {
        turns = windows
        changed.subtract(windows.map(ObjectIdentifier.init))
    }

    /// A frame of the overlay, its cards come in `appear`, was drawn for `predicted`.
    mutating func drew(appear: Double, for predicted: Instant) {
        drawnAppear = appear
        drawnFor = predicted
    }

    /// The frame drawn last was presented at `time`.
    mutating func presented(at time: Instant, refreshInterval: Double) {
        guard let predicted = drawnFor else { return }
        statistics.presented(at: time, predicted: predicted, refreshInterval: refreshInterval)
        drawnFor = nil
    }

    /// Let go: what the frame clock saw of the overlay; the rest is forgotten.
    mutating func close() -> FrameStatistics {
        defer { self = SwitcherHold() }
        return statistics
    }
}
