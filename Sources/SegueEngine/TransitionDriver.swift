/// Holds the transition an output is playing and starts new ones, retargeting
/// a running transition without a jump: the new one starts from a snapshot of
/// what is on screen, and the old one completes as `interrupted`.
public final class TransitionDriver<Content> {
    public private(set) var current: Transition<Content>?
    private var nextID: UInt64 = 1
    /// While a presentation is accounted for: the handlers of what it completes, held for after it.
    private var completing: [() -> Void]?

    public init() {}

    public var isAnimating: Bool { current.map { !$0.isDone } ?? false }

    /// Starts a transition to `to`. `from` is what the screen shows when nothing
    /// is animating; while something is, `snapshot` is asked for the screen as it
    /// is now and the new transition starts from that.
    /// An `interactive` one takes its progress from the hand; with
    /// `takingOver`, it goes on from the running transition's own origin (a hand
    /// taking over the transition at its progress), not from a snapshot.
    @discardableResult
    public func start(from: Content, to: Content, settings: EffectSettings,
                      direction: TransitionDirection, at time: Instant,
                      interactive: InteractiveProgress? = nil, takingOver: Bool = false,
                      snapshot: () -> Content,
                      onComplete: ((TransitionCompletion) -> Void)? = nil) -> Transition<Content> {
        var origin = from
        if let running = current, !running.isDone { origin = running.handOver(takingOver: takingOver, snapshot: snapshot) }
        let transition = Transition(id: nextID, from: origin, to: to, settings: settings, direction: direction,
                                    interactive: interactive) { [unowned self] completion in
            guard let onComplete else { return }
            if completing != nil { completing?.append { onComplete(completion) } } else { onComplete(completion) }
        }
        nextID += 1
        transition.start(at: time)
        current = transition
        return transition
    }

    /// The frame to draw for `predicted`, or nil when nothing is animating.
    public func frame(at predicted: Instant) -> (Transition<Content>, TransitionFrame)? {
        guard let transition = current, !transition.isDone else { return nil }
        return (transition, transition.frame(at: predicted))
    }

    /// The oldest frame drawn was presented at `time`: what it completed, for
    /// the caller to deliver once it has finished with the presentation.
    public func presented(at time: Instant, refreshInterval: Double) -> FrameCompletions {
        guard let transition = current else { return FrameCompletions() }
        completing = []
        transition.presented(at: time, refreshInterval: refreshInterval)
        if transition.isDone { current = nil }
        defer { completing = nil }
        return FrameCompletions(completing ?? [])
    }

    public func cancel() {
        let transition = current
        transition?.cancel()
        if current === transition { current = nil }
    }
}
