import SegueEngine

/// A clock set by hand: the tests drive transitions frame by frame with it.
final class ManualClock {
    let refreshInterval: Double
    private(set) var lastPresentation: Instant
    private(set) var lastSequence: UInt64 = 0

    /// advanceFrame counts whole frames from the last explicit presentation, so stepping never accumulates rounding.
    private var anchor: Instant
    private var anchorSequence: UInt64 = 0
    private let intervalNanoseconds: Double

    init(refreshRate: Double = 60, start: Instant = .zero) {
        precondition(refreshRate > 0 && refreshRate.isFinite, "refresh rate must be a positive number of hertz")
        refreshInterval = 1 / refreshRate
        intervalNanoseconds = 1e9 / refreshRate
        lastPresentation = start
        anchor = start
    }

    func present(at instant: Instant) {
        lastSequence += 1
        lastPresentation = instant
        anchor = instant
        anchorSequence = lastSequence
    }

    /// When the next frame will be presented, one refresh after the last.
    func predictedNextPresentation() -> Instant {
        lastPresentation + refreshInterval
    }

    /// Presents one refresh interval later; lands within 1 ns of predictedNextPresentation(), which rounds each step on its own.
    func advanceFrame() {
        lastSequence += 1
        let frames = Double(lastSequence - anchorSequence)
        let offset = Int64((frames * intervalNanoseconds).rounded())
        lastPresentation = Instant(nanoseconds: anchor.nanoseconds + offset)
    }
}
