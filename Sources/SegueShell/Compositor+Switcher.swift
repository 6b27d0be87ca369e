import SegueEngine
import SegueIPC
import SegueWayland
import SeguePolicy

/// The held window switcher as the shell carries it out: the policy decides,
/// this applies (the overlay's timer, the frame, the events, the one switch).
extension Compositor {
    /// Takes `step`; the window selected while it is held. `onComplete`
    /// (given to commit) hears how the switch it plays ended.
    func switcher(_ step: SwitcherStep, onComplete: TransitionCompletionHandler? = nil) throws(ActionError) -> Int? {
        let settings = config.switcher
        let held = navigation.switcher.isHeld
        let backward = if case .prev = step { true } else { false }
        switch step {
        case .commit:
            guard held else { throw ActionError(description: "the switcher is not open") }
            let chosen = navigation.switcher.selection
            // The hero zoom grows the window from where its preview was on screen.
            let preview = switcherView().map { $0.layout(width: output.width, height: output.height, scale: output.scale).cards[$0.selected].preview }
            let play = navigation.switcherCommitted(at: backend.now)
            switcherClosed(committed: chosen)
            if let play {
                let (width, height) = (output.width, output.height)
                let request = TransitionRequest(sourceRect: preview.flatMap {
                    SourceRect(x: Int32($0.x), y: Int32($0.y), width: Int32($0.width), height: Int32($0.height), outputWidth: width, outputHeight: height)
                })
                do {
                    try start(play, onComplete: onComplete, adjust: { request.adjust(&$0, outputWidth: width, outputHeight: height) })
                } catch {
                    throw ActionError(description: "\(error)")
                }
            }
            return nil
        case .cancel:
            guard held else { throw ActionError(description: "the switcher is not open") }
            navigation.switcherCancelled()
            switcherClosed(committed: nil)
            return nil
        case .open, .next, .prev:
            if held {
                if case .open = step { break }
                navigation.switcherStepped(backward: backward)
                break
            }
            guard settings.enabled else { throw ActionError(description: "the switcher is off ([switcher] enabled = false)") }
            let app = stack.shown?.appID, sameApp = (step.filter ?? settings.filter) == .appID
            guard navigation.switcherOpened(backward: backward, allWorkspaces: settings.scope == .all,
                                            listing: { !sameApp || $0.appID == app }, at: backend.now) else {
                throw ActionError(description: sameApp ? "no other window of this app to switch to" : "no other window to switch to")
            }
            control.emit("switcher_opened", ["windows": .array(navigation.switcher.windows.map { .number(Double($0.id)) })])
            armSwitcherTimer()
        }
        let selection = navigation.switcher.selection
        if let selection { control.emit("switcher_selected", ["window": .number(Double(selection.id))]) }
        if navigation.switcher.phase == .open { output.damage() }
        return selection?.id
    }

    /// The overlay is due once the open delay passes, if still held then.
    /// Meanwhile, every few milliseconds, one step of what it draws is made
    /// (a window's preview, the dimmed screen, the titles), so the overlay's
    /// first frame is copies, not a read of every window at once.
    private func armSwitcherTimer() {
        if loopSources.switcherTimer == nil {
            loopSources.switcherTimer = server.eventLoop.timer { [unowned self] in
                guard let due = navigation.switcher.opensAt else { return }
                let left = due.seconds(since: backend.now)
                let view = SwitcherView(windows: navigation.switcher.windows, selected: 0, settings: config.switcher, appear: 0,
                                        minimized: minimizedListed)
                if left > Self.previewStep, options.placement.showsOneWindow, output.prepareOverlay(view) {
                    loopSources.switcherTimer?.arm(milliseconds: Int32(min(left, Self.previewStep) * 1000))
                    return
                }
                // The loop's timer measured the delay: the overlay is due, whatever a stepped clock says.
                if navigation.switcherTicked(at: max(backend.now, due)) { output.damage() }
            }
        }
        let delay = navigation.switcher.opensAt.map { max(0, $0.seconds(since: backend.now)) } ?? 0
        loopSources.switcherTimer?.arm(milliseconds: Int32((min(delay, Self.previewStep) * 1000).rounded(.up)))
    }

    /// The switcher's windows that are minimized.
    private var minimizedListed: Set<ObjectIdentifier> {
        Set(navigation.switcher.windows.filter(navigation.workspaces.isMinimized).map(ObjectIdentifier.init))
    }

    /// Seconds between the steps made while the overlay is not shown yet.
    private static let previewStep = 0.008

    /// The held switcher, while its overlay shows (stacked placement: free
    /// placement shows every window already).
    func switcherView() -> SwitcherView? {
        guard options.placement.showsOneWindow, navigation.switcher.phase == .open,
              let selected = navigation.switcher.selectedIndex else { return nil }
        // Reduced motion: the cards are there at once.
        let since = navigation.switcher.shownAt.map { backend.now.seconds(since: $0) } ?? 0
        let appear = config.reduceMotion ? 1 : min(1, since / SwitcherView.appearDuration)
        return SwitcherView(windows: navigation.switcher.windows, selected: selected, settings: config.switcher, appear: appear,
                            minimized: minimizedListed)
    }

    /// A click or touch at output point (x, y), in surface units: on a
    /// preview, that window is chosen; anywhere while the overlay shows, it
    /// is the switcher's, not a client's. Whether it took it.
    func switcherTook(pressAt x: Double, _ y: Double) -> Bool {
        guard let view = switcherView() else { return false }
        let layout = view.layout(width: output.width, height: output.height, scale: output.scale)
        let scale = Double(output.scale)
        if let index = layout.card(at: x * scale, y * scale), navigation.switcherSelected(view.windows[index]) {
            _ = try? switcher(.commit)
        }
        return true
    }

    /// Makes a change to the navigation; a switcher the change let go of
    /// (another switch, a window opening, the last but one closing) is closed
    /// here too, its overlay gone and its going told.
    func navigating<Result: ~Copyable>(_ change: () -> Result) -> Result {
        let held = navigation.switcher.isHeld
        let result = change()
        if held && !navigation.switcher.isHeld { switcherClosed(committed: nil) }
        return result
    }

    /// It was let go: committing to `chosen`, or cancelled.
    private func switcherClosed(committed chosen: Window?) {
        let overlay = output.switcherClosed(departing: !config.reduceMotion)
        if overlay.frames > 0 {
            log.info("switcher overlay shown \(String(format: "%.2f", overlay.presentedSpan)) s: frames \(overlay.frames), late \(overlay.lateFrames), missed refreshes \(overlay.missedRefreshes)")
        }
        control.emit("switcher_closed", ["outcome": .string(chosen == nil ? "cancelled" : "committed"),
                                 "window": chosen.map { .number(Double($0.id)) } ?? .null,
                                 "frames": .number(Double(overlay.frames)), "late_frames": .number(Double(overlay.lateFrames)),
                                 "missed_refreshes": .number(Double(overlay.missedRefreshes))])
        output.damage()
    }
}
