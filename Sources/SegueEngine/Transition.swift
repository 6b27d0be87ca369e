/// One transition between two screens, driven by presentation timestamps.
///
/// The output asks for a frame at the time it predicts the frame will be
/// presented, draws it, and reports when it really was presented. The transition
/// finishes when the frame that showed its last state has been presented, and
/// its completion handler runs exactly once, whatever ends it. An interactive
/// transition takes its progress from a hand (`InteractiveProgress`) instead
/// of its duration and curve, and ends finished or cancelled as the hand decides.
public final class Transition<Content> {
    public let id: UInt64
    public let from: Content
    public let to: Content
    public let settings: EffectSettings
    public let direction: TransitionDirection
    public private(set) var state: TransitionState = .pending
    public private(set) var statistics = FrameStatistics()
    public private(set) var startTime: Instant?
    /// Where an interactive transition's progress comes from.
    public let interactive: InteractiveProgress?

    private var onComplete: ((TransitionCompletion) -> Void)?
    /// Drawn frames waiting for their presentation: predicted time, and whether
    /// the frame showed the final state.
    private var inFlight: [(predicted: Instant, isFinal: Bool)] = []

    public init(id: UInt64, from: Content, to: Content, settings: EffectSettings,
                direction: TransitionDirection = .forward, interactive: InteractiveProgress? = nil,
                onComplete: ((TransitionCompletion) -> Void)? = nil) {
        self.id = id
        self.interactive = interactive
        self.from = from
        self.to = to
        self.settings = settings
        self.direction = direction
        self.onComplete = onComplete
    }

    /// Starts the clock. Progress is measured from `time`, usually the last
    /// presentation before the request, so the first frame already moves.
    public func start(at time: Instant) {
        guard state == .pending else { return }
        startTime = time
        state = .running
    }

    /// The frame to draw for presentation at `predicted`: the effect's progress
    /// (0 shows `from`, 1 shows `to`; springs may overshoot) and whether this is
    /// the last frame. Starts a pending transition at `predicted`.
    public func frame(at predicted: Instant) -> TransitionFrame {
        if state == .pending { start(at: predicted) }
        guard state == .running, let startTime else {
            return TransitionFrame(progress: state == .finished ? 1 : 0, isFinal: true)
        }
        if let interactive {
            let isFinal = interactive.hasSettled(at: predicted)
            inFlight.append((predicted, isFinal))
            return TransitionFrame(progress: interactive.progress(at: predicted), isFinal: isFinal)
        }
        let elapsed = max(0, predicted.seconds(since: startTime))
        let isFinal = elapsed >= settings.duration
        inFlight.append((predicted, isFinal))
        return TransitionFrame(progress: isFinal ? 1 : settings.progress(atElapsed: elapsed),
                               isFinal: isFinal)
    }

    /// The frame `frame(at:)` gave last was not shown after all (its drawing
    /// failed): no presentation is waited for it.
    public func frameNotShown() {
        if !inFlight.isEmpty { inFlight.removeLast() }
    }

    /// The progress a frame at `time` would show, without drawing one: what a
    /// hand taking the transition over starts from.
    public func progress(at time: Instant) -> Double {
        if let interactive { return interactive.progress(at: time) }
        guard state == .running, let startTime else { return state == .finished ? 1 : 0 }
        let elapsed = max(0, time.seconds(since: startTime))
        return elapsed >= settings.duration ? 1 : settings.progress(atElapsed: elapsed)
    }

    /// Progress per second at `time`.
    public func velocity(at time: Instant) -> Double {
        if let interactive { return interactive.velocity(at: time) }
        let step = 0.001
        return (progress(at: time + step) - progress(at: time + -step)) / (2 * step)
    }

    /// Records how long the renderer took for the frame just drawn, and the
    /// size per side it was drawn at.
    package func recordRenderTime(_ seconds: Double, scale: Double = 1) {
        guard state == .running else { return }
        statistics.renderTimes.append(seconds)
        statistics.scales.append(scale)
    }

    /// The window on `side` took new pixels while the transition ran.
    package func recordNewPixels(on side: TransitionSide) {
        guard state == .running else { return }
        switch side {
        case .from: statistics.fromUpdates += 1
        case .to: statistics.toUpdates += 1
        }
    }

    /// The oldest drawn frame was presented at `time`. Finishes the transition
    /// when that frame showed the final state.
    public func presented(at time: Instant, refreshInterval: Double) {
        guard state == .running, !inFlight.isEmpty else { return }
        let frame = inFlight.removeFirst()
        statistics.presented(at: time, predicted: frame.predicted, refreshInterval: refreshInterval)
        guard frame.isFinal else { return }
        let outcome = interactive?.presented(at: frame.predicted) ?? interactive?.outcome ?? .finished
        complete(outcome == .cancelled ? .cancelled : .finished)
    }

    /// Stops the transition now; the caller decides what the screen shows.
    public func cancel() { complete(.cancelled) }

    /// Ends the transition because a newer one took over from what was on screen.
    public func interrupt() { complete(.interrupted) }

    /// A newer transition replaces this one, which completes interrupted:
    /// where the newer starts from, this one's own origin when it is
    /// `takingOver` (a hand going on at its progress), else `snapshot` of the screen.
    public func handOver(takingOver: Bool, snapshot: () -> Content) -> Content {
        let origin = takingOver ? from : snapshot()
        interrupt()
        return origin
    }

    public var isDone: Bool { state.isDone }

    private func complete(_ outcome: TransitionState) {
        guard !state.isDone else { return }
        state = outcome
        inFlight.removeAll()
        let handler = onComplete
        onComplete = nil
        handler?(TransitionCompletion(id: id, effect: settings.effect.name, direction: direction,
                                      outcome: outcome, duration: settings.duration,
                                      statistics: statistics))
    }
}

public struct TransitionFrame: Sendable, Equatable {
    public let progress: Double
    public let isFinal: Bool

    public init(progress: Double, isFinal: Bool) {
        self.progress = progress
        self.isFinal = isFinal
    }
}
