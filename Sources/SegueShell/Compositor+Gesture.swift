import SegueConfig
import SegueEngine
import SegueIPC
import SegueLoop
import SeguePolicy

/// Switches a hand drives: the transition the config picks for a switch (or
/// a workspace switch), with its progress following the hand until it lets
/// go. The target window (or workspace) is shown and focused only if the
/// release completes it; a cancelled one leaves what was shown where it was.
extension Compositor {
    /// The switch a hand is driving, while it holds it.
    var gesture: Navigation<Window, ScreenSource>.HandSwitch? { navigation.heldSwitch }

    /// Takes `step`; the id of the window the gesture goes to, and the
    /// workspace where it goes to one. `onComplete` (given to begin, end or
    /// cancel) hears once how it ended; `onStart` (given to begin) when its
    /// first frame was presented.
    func gesture(_ step: GestureStep, onStart: ((Instant) -> Void)? = nil,
                 onComplete: TransitionCompletionHandler?) throws(ActionError) -> (window: Int?, workspace: Int?) {
        let now = output.backend.now
        if case .begin = step { input.watchHandIdle() } else if case .update = step { input.watchHandIdle() }
        switch step {
        case .begin(let target):
            let window = try window(for: target)
            guard window !== stack.shown || running(toward: window) != nil else {
                throw ActionError(description: "window \(window.id) is shown already")
            }
            try begin(toward: window, at: now, onStart: onStart, onComplete: onComplete)
            return (window.id, nil)
        case .beginWorkspace(let target):
            let number = try target.number(among: navigation.workspaces)
            guard number != navigation.workspaces.shownNumber else { throw ActionError(description: "workspace \(number) is shown already") }
            try begin(toWorkspace: number, at: now, onStart: onStart, onComplete: onComplete)
            return (navigation.workspaces.stack(number)?.shown?.id, number)
        case .update(let progress):
            let held = try held()
            guard progress.isFinite else { throw ActionError(description: "progress must be a number, got \(progress)") }
            held.hand.update(progress, at: now)
            output.damage()
            return toward(held)
        case .end(let velocity):
            let held = try held()
            if let onComplete { navigation.listen(to: held.play.id, onComplete) }
            held.hand.end(at: now, velocity: velocity)
            output.requestFrame()
            return toward(held)
        case .cancel:
            let held = try held()
            if let onComplete { navigation.listen(to: held.play.id, onComplete) }
            held.hand.end(at: now, velocity: nil, toward: .cancelled)
            output.requestFrame()
            return toward(held)
        }
    }

    /// The transition running toward `window`, if one is, with where it comes
    /// from, its settings, and its progress and velocity now: what a hand can take over.
    func running(toward window: Window) -> (from: ScreenSource, settings: EffectSettings, direction: TransitionDirection,
                                            progress: Double, velocity: Double)? {
        guard let running = navigation.transition, case .window(let target) = running.to, target === window else { return nil }
        let now = backend.now
        return (running.from, running.settings, running.direction, running.progress(at: now), running.velocity(at: now))
    }

    private func toward(_ held: Navigation<Window, ScreenSource>.HandSwitch) -> (window: Int?, workspace: Int?) {
        (held.target?.id, held.workspaces?.to)
    }

    private func held() throws(ActionError) -> Navigation<Window, ScreenSource>.HandSwitch {
        guard let gesture else { throw ActionError(description: "no gesture is in progress; begin one first") }
        return gesture
    }

    private func begin(toward window: Window, at now: Instant, onStart: ((Instant) -> Void)?,
                       onComplete: TransitionCompletionHandler?) throws(ActionError) {
        // A transition already running toward the window is taken over at its progress and speed.
        let running = running(toward: window)
        let origin: Window?? = running.map { if case .window(let origin) = $0.from { origin } else { nil } }
        let previous = navigation.handOrigin(takingOverFrom: origin)
        let chosen: (resolution: Resolution, settings: EffectSettings?)
        do {
            chosen = try resolveAndPrepare(.switch, from: previous, to: window, effect: nil)
        } catch {
            throw ActionError(description: "\(error)")
        }
        let settings = try draggable(chosen, "switching")
        // A gesture begun during another toward elsewhere lets that one go where it is.
        if let earlier = gesture, running == nil { earlier.hand.end(at: now, velocity: nil) }
        let hand = InteractiveProgress(progress: running?.progress ?? 0, velocity: running?.velocity ?? 0, at: now)
        let token = navigating { navigation.handBegan(toward: window, takingOverFrom: origin, hand: hand) }
        play(token, chosen.resolution, settings: settings,
             hand: HandDrive(hand: hand, takingOver: running.map { ($0.from, $0.settings, $0.direction) }),
             onStart: onStart, onComplete: onComplete)
    }

    /// The hand drags from the workspace shown toward workspace `number`, with
    /// what the config picks for a workspace switch between them.
    private func begin(toWorkspace number: Int, at now: Instant, onStart: ((Instant) -> Void)?,
                       onComplete: TransitionCompletionHandler?) throws(ActionError) {
        let workspaces = navigation.workspaces, change = WorkspaceChange(from: workspaces.shownNumber, to: number)
        let chosen: (resolution: Resolution, settings: EffectSettings?)
        do {
            chosen = try resolveAndPrepare(.workspace, from: stack.shown, to: workspaces.stack(number)?.shown, workspaces: change, effect: nil)
        } catch {
            throw ActionError(description: "\(error)")
        }
        let settings = try draggable(chosen, "a workspace switch")
        if let earlier = gesture { earlier.hand.end(at: now, velocity: nil) }
        let hand = InteractiveProgress(progress: 0, velocity: 0, at: now)
        let token = navigating { navigation.handBegan(toWorkspace: number, hand: hand) }
        play(token, chosen.resolution, settings: settings, hand: HandDrive(hand: hand, takingOver: nil), onStart: onStart, onComplete: onComplete)
    }

    /// The settings a hand drags `chosen` with: none, and `what` plays nothing to drag.
    private func draggable(_ chosen: (resolution: Resolution, settings: EffectSettings?), _ what: String) throws(ActionError) -> EffectSettings {
        guard let settings = chosen.settings else {
            throw ActionError(description: "\(what) plays no transition here (\(chosen.resolution.reason)): there is nothing to drag")
        }
        return settings
    }
}
