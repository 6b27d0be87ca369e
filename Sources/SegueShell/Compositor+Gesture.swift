import SegueConfig
import SegueEngine
import SegueIPC

/// Switches a hand drives: the transition the config picks for a switch, with
/// its progress following the hand until it lets go. The target window is shown
/// and focused only if the release completes it; a cancelled one leaves the
/// window that was shown where it was.
extension Compositor {
    /// Takes `step`; the id of the window the gesture goes to. `onComplete`
    /// (given to begin, end or cancel) hears once how it ended.
    func gesture(_ step: GestureStep, onComplete: ((TransitionCompletion, String) -> Void)?) throws(ActionError) -> Int {
        let now = output.backend.now
        switch step {
        case .begin(let target):
            let window = try window(for: target)
            guard window !== stack.shown else { throw ActionError(description: "window \(window.id) is shown already") }
            try begin(toward: window, at: now, onComplete: onComplete)
            return window.id
        case .update(let progress):
            let gesture = try running()
            guard progress.isFinite else { throw ActionError(description: "progress must be a number, got \(progress)") }
            gesture.hand.update(progress, at: now)
            output.damage()
            return gesture.target.id
        case .end(let velocity):
            let gesture = try running()
            if let onComplete { gesture.whenDone.append(onComplete) }
            gesture.hand.end(at: now, velocity: velocity)
            self.gesture = nil
            output.requestFrame()
            return gesture.target.id
        case .cancel:
            let gesture = try running()
            if let onComplete { gesture.whenDone.append(onComplete) }
            gesture.hand.end(at: now, velocity: nil, toward: .cancelled)
            self.gesture = nil
            output.requestFrame()
            return gesture.target.id
        }
    }

    private func running() throws(ActionError) -> Gesture {
        guard let gesture else { throw ActionError(description: "no gesture is in progress; begin one first") }
        return gesture
    }

    private func begin(toward window: Window, at now: Instant,
                       onComplete: ((TransitionCompletion, String) -> Void)?) throws(ActionError) {
        let previous = stack.shown
        let resolution: Resolution
        do {
            resolution = try resolve(.switch, from: previous, to: window, effect: nil)
            if let settings = resolution.settings { try renderer.prepare(settings.effect) }
        } catch {
            throw ActionError(description: "\(error)")
        }
        guard options.placement == .stacked, let settings = resolution.settings else {
            throw ActionError(description: "switching plays no transition here (\(resolution.reason)): there is nothing to drag")
        }
        // A gesture begun during another lets that one go where it is: its own spring finishes it.
        if let earlier = gesture { earlier.hand.end(at: now, velocity: nil) }
        let hand = InteractiveProgress(at: now)
        let started = Gesture(target: window, hand: hand)
        if let onComplete { started.whenDone.append(onComplete) }
        gesture = started
        output.play(from: previous.map(ScreenSource.window) ?? .background, to: .window(window), settings: settings,
                    direction: resolution.direction, interactive: hand) { [weak self] completion in
            guard let self else { return }
            if completion.outcome == .finished {
                stack.show(window)
                focusShownWindow()
            }
            if gesture === started { gesture = nil }
            record(.switch, resolution.reason, completion)
            for hear in started.whenDone { hear(completion, resolution.reason) }
        }
    }
}
