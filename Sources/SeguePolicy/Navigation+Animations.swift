import SegueEngine

/// The animations the policy runs: transitions given back to play, the
/// frames the output draws of them, and what each frame's presentation
/// completes, delivered by the caller after it.
extension Navigation {
    /// The transition on screen, while it runs.
    package var transition: Transition<Screen>? { onScreen?.transition }

    /// The record of the transition on screen, while it runs.
    package var onScreen: Record? { onScreenIndex.map { animations[$0] } }

    private var onScreenIndex: Int? { animations.lastIndex { $0.transition.map { !$0.isDone } ?? false } }

    /// Plays `token`'s transition from `from` to `to`: one on screen is
    /// interrupted and this one starts from `snapshot`, or with `takingOver`
    /// from where that one came from; `hand`, where one drives its progress;
    /// `over`, where it opens or closes a window over the other screen.
    /// `onStart` hears when its first frame was presented; on completion the
    /// stack moves first, then `onComplete` hears how it ended, then those
    /// `listen` added, each with `reason`.
    package func play(_ token: consuming PlayToken, from: Screen, to: Screen, settings: EffectSettings,
                      direction: TransitionDirection, at now: Instant, hand: InteractiveProgress? = nil,
                      takingOver: Bool = false, over: Record.Over? = nil, reason: String = "",
                      onStart: ((Instant) -> Void)? = nil, snapshot: () -> Screen,
                      onComplete: @escaping (TransitionCompletion, consuming Ending) -> Void) {
        let id = token.spend()
        let origin = self.transition?.handOver(takingOver: takingOver, snapshot: snapshot) ?? from
        guard let index = animations.firstIndex(where: { $0.id == id }) else { return }
        let played = Transition(id: id.value, from: origin, to: to, settings: settings, direction: direction,
                                interactive: hand) { [unowned self] completion in
            ended(id, completion, startedAt: now, onComplete: onComplete)
        }
        played.start(at: now)
        animations[index].clock = .transition(played)
        animations[index].over = over
        animations[index].reason = reason
        animations[index].onStart = onStart
    }

    /// `token`'s play shows at once, nothing played (`none`, or no effect to
    /// play it with): a transition on screen stops where it is.
    package func showAtOnce(_ token: consuming PlayToken, at now: Instant) -> Ending {
        let id = token.spend()
        transition?.cancel()
        return completed(id, outcome: .finished, at: now)
    }

    /// `onComplete` hears too, with the rule that chose it, how the
    /// animation `id` ended, where it still runs.
    package func listen(to id: AnimationID, _ onComplete: @escaping (TransitionCompletion, String) -> Void) {
        guard let index = animations.firstIndex(where: { $0.id == id }) else { return }
        animations[index].listeners.append(onComplete)
    }

    /// The frame of the transition on screen for `predicted`, nil where none runs.
    package func frame(at predicted: Instant) -> (Record, Transition<Screen>, TransitionFrame)? {
        guard let record = onScreen, let transition = record.transition else { return nil }
        return (record, transition, transition.frame(at: predicted))
    }

    /// The oldest frame drawn was presented at `time`: the records it ended
    /// go now, and their handlers (and a first frame's `onStart`) are what
    /// the caller delivers, in order, once it has finished presenting.
    package func presented(at time: Instant, refreshInterval: Double) -> FrameCompletions {
        guard let index = onScreenIndex, let transition = animations[index].transition else { return FrameCompletions() }
        var due: [() -> Void] = []
        if let onStart = animations[index].onStart, transition.statistics.firstPresentation == nil {
            // Told of the frame it waits for, whichever frame ends it.
            animations[index].onStart = nil
            due.append { if let first = transition.statistics.firstPresentation { onStart(first) } }
        }
        completing = []
        transition.presented(at: time, refreshInterval: refreshInterval)
        due += completing ?? []
        completing = nil
        return FrameCompletions(due)
    }

    /// The transition `id` completed: its record goes and the stack moves
    /// now; those who hear of it do after the frame being accounted for.
    private func ended(_ id: AnimationID, _ completion: TransitionCompletion, startedAt start: Instant,
                       onComplete: @escaping (TransitionCompletion, consuming Ending) -> Void) {
        guard let record = animations.first(where: { $0.id == id }) else { return }
        var ending = completed(id, outcome: completion.outcome, at: completion.statistics.lastPresentation ?? start)
        // A token cannot wait in a closure: its id does, and is a token again when heard.
        let shownChanged = ending.shownChanged, pop = ending.pop.take()?.spend()
        let hear = {
            onComplete(completion, Ending(shownChanged: shownChanged, pop: pop.map(PlayToken.init)))
            for listener in record.listeners { listener(completion, record.reason) }
        }
        if completing != nil { completing?.append(hear) } else { hear() }
    }

    // MARK: The switcher's departure

    /// The switcher was let go showing `picture`: it fades off the shown
    /// screen over `duration` seconds from `now`, beside any transition.
    package func switcherDeparted(showing picture: Screen, at now: Instant, duration: Double) {
        animations.removeAll { $0.kind == .switcherDeparture }
        _ = record(.switcherDeparture, clock: .fade(picture: picture, since: now, duration: duration))
    }

    /// The departing overlay's picture and how opaque it is for `predicted`;
    /// nil where none departs, and where it has gone by then (it completes).
    package func departure(at predicted: Instant) -> (picture: Screen, opacity: Double)? {
        guard let index = animations.firstIndex(where: { $0.kind == .switcherDeparture }),
              case .fade(let picture, let since, let duration) = animations[index].clock else { return nil }
        let left = 1 - predicted.seconds(since: since) / duration
        guard left > 0 else {
            animations.remove(at: index)
            return nil
        }
        return (picture, left)
    }

    /// A transition starts from what the departing overlay shows: the
    /// departure completes, and its picture is returned; nil where none departs.
    package func departureTaken() -> Screen? {
        guard let index = animations.firstIndex(where: { $0.kind == .switcherDeparture }),
              case .fade(let picture, _, _) = animations.remove(at: index).clock else { return nil }
        return picture
    }
}
