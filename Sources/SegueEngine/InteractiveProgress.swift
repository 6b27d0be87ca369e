import Foundation

/// A transition's progress while a hand drives it, and after it lets go.
///
/// Tracking, progress follows the input, held to 0...1 with a rubber band
/// beyond either end. On release a flick faster than
/// `InteractiveSettings.completionVelocity` goes the way it was flicked; a
/// slower release completes past halfway and cancels before it; either way a spring carries it on from the exact progress and
/// velocity it had, so nothing jumps. Times come from the caller's clock.
public final class InteractiveProgress {
    public enum Outcome: Equatable, Sendable {
        case finished
        case cancelled
    }

    public let settings: InteractiveSettings
    /// Set once, when the spring after release comes to rest.
    public private(set) var outcome: Outcome?
    private var samples: [(time: Instant, progress: Double)]
    private var release: (time: Instant, from: Double, target: Double, spring: Spring?)?

    /// Starts at `progress` (0, or where a running transition was) moving at
    /// `velocity` progress per second, at `time`.
    public init(progress: Double = 0, velocity: Double = 0, at time: Instant, settings: InteractiveSettings = .init()) {
        self.settings = settings
        let start = progress.isFinite ? progress : 0
        samples = [(time, start)]
        // A running transition's motion goes on in the estimate until the hand has moved it.
        if velocity.isFinite, velocity != 0 {
            samples.insert((time + -settings.velocityWindow / 2, start - velocity * settings.velocityWindow / 2), at: 0)
        }
    }

    public var isTracking: Bool { release == nil }

    /// The hand moved: progress is now `raw` (unclamped, e.g. distance over
    /// travel). Ignored after release, and for values that are not numbers or
    /// come earlier than the last; one at the same time replaces it.
    public func update(_ raw: Double, at time: Instant) {
        guard isTracking, !raw.isNaN, let last = samples.last, time >= last.time else { return }
        if time == last.time { samples.removeLast() }
        samples.append((time, settings.rubberBanded(raw)))
        let oldest = time + -settings.velocityWindow * 2
        samples.removeAll { $0.time < oldest }
    }

    /// The hand let go at `time`, flicking at `velocity` progress per second
    /// if given, else as fast as it last moved; `toward` forces the outcome
    /// (a cancel). Whether it will complete.
    @discardableResult
    public func end(at time: Instant, velocity given: Double? = nil, toward forced: Outcome? = nil) -> Bool {
        guard isTracking else { return release.map { $0.target == 1 } ?? false }
        let from = samples.last?.progress ?? 0
        let velocity = given.flatMap { $0.isFinite ? $0 : nil } ?? estimatedVelocity(at: time)
        // A flick decides by its direction; a slower release by where it is.
        let flicked = abs(velocity) > settings.completionVelocity
        let completes = forced.map { $0 == .finished } ?? (flicked ? velocity > 0 : from > 0.5)
        let target: Double = completes ? 1 : 0
        let distance = target - from
        guard abs(distance) > 1e-9 else {
            release = (time, from, target, nil)
            outcome = target == 1 ? .finished : .cancelled
            return target == 1
        }
        // The spring runs 0 → 1 over `distance`; its start speed in whole distances per second.
        let start = max(-settings.maximumVelocity, min(settings.maximumVelocity, velocity)) / distance
        let spring = Spring.settling(in: settings.settleDuration, dampingRatio: settings.dampingRatio, initialVelocity: start)
        release = (time, from, target, spring)
        return target == 1
    }

    /// Progress shown at `time`: the tracked value, or the spring's after release.
    public func progress(at time: Instant) -> Double {
        guard let release else { return samples.last?.progress ?? 0 }
        guard let spring = release.spring else { return release.target }
        let t = max(0, time.seconds(since: release.time))
        guard t < spring.settleDuration else { return release.target }
        return release.from + (release.target - release.from) * spring.position(at: t)
    }

    /// Progress per second at `time`: the hand's estimated speed while
    /// tracking, the spring's after release.
    public func velocity(at time: Instant) -> Double {
        guard let release else { return estimatedVelocity(at: time) }
        guard let spring = release.spring else { return 0 }
        let t = max(0, time.seconds(since: release.time))
        guard t < spring.settleDuration else { return 0 }
        // Central differences, one-sided (second order) at release, where the spring starts.
        let h = 1e-5
        let slope = t < h
            ? (-3 * spring.position(at: t) + 4 * spring.position(at: t + h) - spring.position(at: t + 2 * h)) / (2 * h)
            : (spring.position(at: t + h) - spring.position(at: t - h)) / (2 * h)
        return (release.target - release.from) * slope
    }

    /// Whether a frame at `time` shows the end: released, and the spring at rest.
    public func hasSettled(at time: Instant) -> Bool {
        guard let release else { return false }
        return release.spring.map { time.seconds(since: release.time) >= $0.settleDuration } ?? true
    }

    /// A frame was shown at `time`: once the spring has come to rest, the outcome
    /// is set (once) and returned.
    public func presented(at time: Instant) -> Outcome? {
        guard outcome == nil, let release, hasSettled(at: time) else { return nil }
        outcome = release.target == 1 ? .finished : .cancelled
        return outcome
    }

    /// The least-squares slope of the samples in the last `velocityWindow`
    /// before `time`; 0 when the hand has rested longer than that.
    private func estimatedVelocity(at time: Instant) -> Double {
        let recent = samples.filter { time.seconds(since: $0.time) <= settings.velocityWindow }
        guard recent.count >= 2 else { return 0 }
        let times = recent.map { $0.time.seconds(since: recent[0].time) }
        let meanT = times.reduce(0, +) / Double(times.count)
        let meanP = recent.map(\.progress).reduce(0, +) / Double(recent.count)
        var covariance = 0.0, variance = 0.0
        for (t, sample) in zip(times, recent) {
            covariance += (t - meanT) * (sample.progress - meanP)
            variance += (t - meanT) * (t - meanT)
        }
        return variance > 0 ? covariance / variance : 0
    }
}

/// How an interactive transition feels.
public struct InteractiveSettings: Equatable, Sendable {
    /// Progress per second above which a release goes the way it was flicked, wherever it is.
    public var completionVelocity = 0.8
    /// How long after release the spring takes to settle.
    public var settleDuration = 0.35
    public var dampingRatio = 1.0
    /// The furthest the rubber band lets progress past 0 or 1.
    public var rubberBand = 0.15
    /// Seconds of input the release velocity is estimated from.
    public var velocityWindow = 0.1
    /// A flick faster than this (progress per second) counts as this fast.
    public var maximumVelocity = 20.0

    public init() {}

    /// `raw` held to 0...1, with the part beyond either end shrunk so it
    /// approaches `rubberBand` and never passes it (UIScrollView's curve).
    func rubberBanded(_ raw: Double) -> Double {
        func stretch(_ beyond: Double) -> Double {
            guard beyond.isFinite else { return rubberBand }
            return (1 - 1 / (beyond * 0.55 / rubberBand + 1)) * rubberBand
        }
        if raw > 1 { return 1 + stretch(raw - 1) }
        if raw < 0 { return -stretch(-raw) }
        return raw
    }
}
