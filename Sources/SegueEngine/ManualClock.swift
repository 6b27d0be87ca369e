/// A clock set by hand, for tests and offline rendering where no display drives the frames.
public final class ManualClock: FrameClock {
    public let refreshInterval: Double
    public private(set) var lastPresentation: Instant
    public private(set) var lastSequence: UInt64 = 0

    /// advanceFrame counts whole frames from the last explicit presentation, so stepping never accumulates rounding.
    private var anchor: Instant
    private var anchorSequence: UInt64 = 0
    private let intervalNanoseconds: Double

    public init(refreshRate: Double = 60, start: Instant = .zero) {
        precondition(refreshRate > 0 && refreshRate.isFinite, "refresh rate must be a positive number of hertz")
        refreshInterval = 1 / refreshRate
        intervalNanoseconds = 1e9 / refreshRate
        lastPresentation = start
        anchor = start
    }

    public func present(at instant: Instant) {
        lastSequence += 1
        lastPresentation = instant
        anchor = instant
        anchorSequence = lastSequence
    }

    /// Presents one refresh interval later; lands within 1 ns of predictedNextPresentation(), which rounds each step on its own.
    public func advanceFrame() {
        lastSequence += 1
        let frames = Double(lastSequence - anchorSequence)
        let offset = Int64((frames * intervalNanoseconds).rounded())
        lastPresentation = Instant(nanoseconds: anchor.nanoseconds + offset)
    }
}
