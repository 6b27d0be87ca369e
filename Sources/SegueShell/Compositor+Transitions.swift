import SegueConfig
import SegueIPC
import SegueEngine
import SeguePolicy

/// The one sequence every transition goes through, whatever asked for it
/// (a window opening or closing, keys, IPC, a hand, activation, the
/// protocol): resolve what plays, prepare it, check the placement plays
/// transitions, announce it, play it, and on completion log it, move the
/// stack, record it and tell who asked, exactly once.
extension Compositor {
    /// A hand driving a transition's progress, taking over `running` (one
    /// already toward its window) where there is one.
    struct HandDrive {
        let hand: InteractiveProgress
        let takingOver: (from: ScreenSource, settings: EffectSettings, direction: TransitionDirection)?
    }

    /// What the config picks for `event` between `from` and `to`, or
    /// `effect` when a request names one, its program ready; nil settings
    /// where nothing plays (`none`, or a placement that shows at once).
    func resolveAndPrepare(_ event: TransitionEvent, from: Window?, to: Window?, workspaces: WorkspaceChange? = nil,
                           effect: String?) throws -> (resolution: Resolution, settings: EffectSettings?) {
        let resolution = try resolve(event, from: from, to: to, workspaces: workspaces, effect: effect)
        guard options.placement.plays(event), let settings = resolution.settings else { return (resolution, nil) }
        try output.prepare(settings.effect)
        return (resolution, settings)
    }

    /// Plays `play`: what the config picks for its event between its two
    /// windows, or `effect` when a request names one; `adjust` changes the
    /// chosen settings and `onStart` hears when the first frame was presented.
    /// Where nothing plays (`none`, or an effect that fails to compile), its
    /// window shows at the next frame.
    func start(_ token: consuming PlayToken, effect: String? = nil, onComplete: TransitionCompletionHandler? = nil,
               adjust: ((inout EffectSettings) -> Void)? = nil, onStart: ((Instant) -> Void)? = nil) throws {
        windows.focusShownWindow()
        let play = navigation.play(of: token)
        // However it was asked for (restore, a switch, the switcher), a window left the minimized ones.
        if play.event == .restore, let window = play.to { restored(window) }
        let chosen: (resolution: Resolution, settings: EffectSettings?)
        do {
            chosen = try resolveAndPrepare(play.event, from: play.from, to: play.to, workspaces: play.workspaces, effect: effect)
        } catch {
            // Nothing to play it with: it shows at once all the same.
            showAtOnce(token, direction: play.event.direction)
            throw error
        }
        guard var settings = chosen.settings else {
            let completion = showAtOnce(token, direction: chosen.resolution.direction)
            control.transitionFinished(play, chosen.resolution.reason, completion)
            onComplete?(completion, chosen.resolution.reason)
            return
        }
        if !chosen.resolution.motionReduced { adjust?(&settings) }
        self.play(token, chosen.resolution, settings: settings, onStart: onStart, onComplete: onComplete)
    }

    /// Plays `play` with `settings`, as `resolution` chose, its progress
    /// following the frame clock or `hand`.
    func play(_ token: consuming PlayToken, _ resolution: Resolution, settings: EffectSettings, hand: HandDrive? = nil,
              onStart: ((Instant) -> Void)?, onComplete: TransitionCompletionHandler?) {
        var settings = settings
        settings.seed = .random(in: 0..<1)
        let play = navigation.play(of: token)
        let takenOver = hand?.takingOver
        let direction = takenOver?.direction ?? resolution.direction
        control.emit("transition_started", ["kind": .string(play.event.rawValue), "effect": .string(settings.effect.name),
                                    "direction": .string(direction.rawValue), "rule": .string(resolution.reason),
                                    "from": play.from.map { .number(Double($0.id)) } ?? .null,
                                    "to": play.to.map { .number(Double($0.id)) } ?? .null])
        // A switcher letting go is what is on screen: the transition starts from it.
        let screens = options.placement.screens(of: play.event, from: play.from, to: play.to, workspaces: play.workspaces,
                                                shown: navigation.workspaces.shownNumber)
        let from = takenOver?.from ?? output.takeDeparture() ?? screens.from, to = screens.to
        // A window smaller than the output opening onto, or closing off, the
        // background (no window behind it) does so over it; over another
        // window's screen, whose place it takes in the stack, screens play.
        // With free placement a window opened, closed, minimized or restored does so over its desktop.
        // A shader of one window (niri's, Burn-My-Windows') in the stack draws the window opening over
        // the screen it comes onto; anything else, the shown window going off the screen behind it.
        let oneWindow = (takenOver?.settings ?? settings).effect.source.interface.drawsOneWindow && options.placement.showsOneWindow
        let over: Animation<Window, ScreenSource>.Over? = switch (play.event, takenOver, from, to) {
        case (.open, nil, _, .window(let window)) where oneWindow, (.restore, nil, _, .window(let window)) where oneWindow:
            .init(window: window, opening: true)
        case (_, nil, .window(let window), _) where oneWindow: .init(window: window, opening: false)
        case (.open, nil, .background, _): play.to.flatMap { $0.covers(output.windowScreen) ? nil : .init(window: $0, opening: true) }
        case (.close, nil, _, .background): play.from.flatMap { $0.lastAlone == nil ? nil : .init(window: $0, opening: false) }
        case (.minimize, nil, .window(let window), .workspace), (.close, nil, .window(let window), .workspace): .init(window: window, opening: false)
        case (.restore, nil, .workspace, .window(let window)), (.open, nil, .workspace, .window(let window)): .init(window: window, opening: true)
        default: nil
        }
        output.willPlay(from: from, to: to, over: over?.window, settings: takenOver?.settings ?? settings, direction: direction)
        // One interrupted starts this from a snapshot of the screen; a window over its desktop is
        // drawn from its own surfaces instead (the one interrupted, over the same desktop, is gone).
        let overDesktop = over != nil && !options.placement.showsOneWindow
        navigation.play(token, from: from, to: to, settings: takenOver?.settings ?? settings, direction: direction,
                        at: backend.now, hand: hand?.hand, takingOver: takenOver != nil, over: over, reason: resolution.reason,
                        onStart: onStart, snapshot: { [unowned output] in overDesktop ? from : output.snapshot() }) { [weak self] completion, ending in
            guard let self else { return }
            let statistics = completion.statistics
            output.transitionEnded(rendered: statistics.medianRenderTime, interrupted: completion.outcome == .interrupted)
            log.info("transition \(completion.id) \(play.event.rawValue) \(completion.effect) (\(resolution.reason)) \(completion.outcome.rawValue): frames \(statistics.frames), late \(statistics.lateFrames), missed refreshes \(statistics.missedRefreshes), scale min \(String(format: "%.2f", statistics.minimumScale)) median \(String(format: "%.2f", statistics.medianScale)), client updates from \(statistics.fromUpdates) to \(statistics.toUpdates)")
            // The stack followed first: whoever hears of the completion sees what it left shown.
            if ending.shownChanged { windows.focusShownWindow() }
            control.transitionFinished(play, resolution.reason, completion)
            onComplete?(completion, resolution.reason)
            var ending = ending
            if let pop = ending.pop.take() { try? start(pop) }
        }
    }

    /// `play`'s window appears at once, at the next frame, in place of any transition.
    @discardableResult
    private func showAtOnce(_ token: consuming PlayToken, direction: TransitionDirection) -> TransitionCompletion {
        var ending = navigation.showAtOnce(token, at: backend.now)
        output.damage()
        if ending.shownChanged { windows.focusShownWindow() }
        if let pop = ending.pop.take() { try? start(pop) }
        return TransitionCompletion(id: 0, effect: "none", direction: direction,
                                    outcome: .finished, duration: 0, statistics: FrameStatistics())
    }

    func resolve(_ event: TransitionEvent, from: Window?, to: Window?, workspaces: WorkspaceChange? = nil,
                 effect: String?) throws -> Resolution {
        if let effect {
            let descriptor = try config.effects.effect(named: effect)
            let settings = config.settings(effect: effect) ?? EffectSettings(descriptor)
            return config.reducingMotion(Resolution(settings: settings, direction: event.direction, rule: nil, reason: "requested effect"))
        }
        var random = SystemRandomNumberGenerator()
        return config.resolve(event: event, from: from.map(info), to: to.map(info), workspaces: workspaces.map { ($0.from, $0.to) },
                              random: &random)
    }

    private func info(_ window: Window) -> WindowInfo { WindowInfo(appID: window.appID, title: window.title) }
}
