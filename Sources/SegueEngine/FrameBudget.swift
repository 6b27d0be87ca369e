/// How long one frame may take to render on an output: the refresh interval
/// less a margin. The margin is an eighth of the interval for what happens
/// around the drawing (the backend starts a frame that much after the last
/// vblank at the earliest), plus how far recent frames overran what was
/// predicted for them: the 90th percentile of those overruns, not their mean,
/// as mutter's frame clock and KWin's render journal keep a frame's worst
/// recent cost in view, so one frame in ten may be that slow and still make it.
package struct FrameBudget: Sendable, Equatable {
    package let refreshInterval: Double
    /// Render time less predicted render time, seconds, newest last.
    private var overruns: [Double] = []
    private static let kept = 30

    package init(refreshInterval: Double) {
        self.refreshInterval = refreshInterval
    }

    /// A frame predicted to take `predicted` seconds took `rendered`.
    package mutating func record(rendered: Double, predicted: Double) {
        // One frame held up by something else entirely (a swapped-out page) moves it by half a refresh at most.
        overruns.append(min(rendered - predicted, refreshInterval / 2))
        if overruns.count > Self.kept { overruns.removeFirst(overruns.count - Self.kept) }
    }

    package var margin: Double {
        // Fewer than ten frames have no 90th percentile: their worst would stand for it.
        guard overruns.count >= 10 else { return refreshInterval / 8 }
        let sorted = overruns.sorted()
        let spread = max(0, sorted[sorted.count * 9 / 10])
        return refreshInterval / 8 + spread
    }

    /// Seconds a frame may take and still be presented at its refresh.
    package var seconds: Double { max(0, refreshInterval - margin) }
}
