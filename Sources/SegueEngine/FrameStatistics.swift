/// What the frame clock saw of one transition (or of anything else drawn
/// every refresh while it lasts: the switcher's overlay).
public struct FrameStatistics: Sendable, Equatable {
    /// Frames drawn and presented.
    public internal(set) var frames = 0
    public internal(set) var firstPresentation: Instant?
    public internal(set) var lastPresentation: Instant?
    /// Frames presented more than half a refresh after their predicted time.
    public internal(set) var lateFrames = 0
    /// Refreshes that passed with no new frame of the transition, from the
    /// refresh its first frame was drawn for to its last frame: a frame late
    /// by two refreshes leaves two, a compositor that drew every other
    /// refresh leaves one between each pair.
    public internal(set) var missedRefreshes = 0
    /// Seconds each frame took to render, as the renderer reported them.
    public internal(set) var renderTimes: [Double] = []
    /// The size per side each of those frames was drawn at (1: full size).
    public internal(set) var scales: [Double] = []
    /// Times the window the transition leaves, and the one it goes to, took
    /// new pixels while it ran: their clients' update rates over its duration.
    public internal(set) var fromUpdates = 0
    public internal(set) var toUpdates = 0

    package init() {}

    /// A frame drawn for `predicted` was presented at `time`.
    package mutating func presented(at time: Instant, predicted: Instant, refreshInterval: Double) {
        frames += 1
        // Refreshes between this frame and the last, or, for the first, those it came after its own.
        let refreshes = Int((time.seconds(since: lastPresentation ?? predicted) / refreshInterval).rounded())
        missedRefreshes += max(0, lastPresentation == nil ? refreshes : refreshes - 1)
        if firstPresentation == nil { firstPresentation = time }
        lastPresentation = time
        if time.seconds(since: predicted) > refreshInterval / 2 { lateFrames += 1 }
    }

    public var medianRenderTime: Double? { Self.median(renderTimes) }

    /// The smallest size a frame was drawn at, and the median; 1 when none was reduced.
    public var minimumScale: Double { scales.min() ?? 1 }
    public var medianScale: Double { Self.median(scales) ?? 1 }

    private static func median(_ values: [Double]) -> Double? {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        let mid = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
    }

    /// From the first to the last presented frame.
    public var presentedSpan: Double {
        guard let first = firstPresentation, let last = lastPresentation else { return 0 }
        return last.seconds(since: first)
    }
}
