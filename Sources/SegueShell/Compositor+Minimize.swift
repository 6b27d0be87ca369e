import SegueEngine
import SegueIPC
import SeguePolicy
import SegueWayland

/// Minimize and restore, whoever asks (the window's own client, a taskbar,
/// `segue msg`, the switcher): a minimized window leaves its stack and waits
/// beside it, listed as minimized; the one shown before it comes back with
/// `[transitions.minimize]`, played into the rectangle a taskbar gave the
/// window (the lamp's default, the bottom centre, without one), and a restore
/// plays `[transitions.restore]` out of it.
extension Compositor {
    /// Minimizes `window`; whether a transition started (it was the window shown).
    func minimize(_ window: Window, onStart: ((Instant) -> Void)?, onComplete: TransitionCompletionHandler?) throws(ActionError) -> Bool {
        guard !navigation.workspaces.isMinimized(window) else { return false }
        // A hand dragging toward it lets go of it: back where it came from.
        if gesture?.target === window { _ = try? perform(.gesture(.cancel)) }
        let play = navigating { navigation.minimized(window) }
        log.info("window \(window.id) minimized")
        minimizedChanged(window, "window_minimized")
        guard let play else {
            windows.focusShownWindow()
            windows.windowLayersChanged()
            return false
        }
        try start(play, request: TransitionRequest(sourceRect: pouringRect(of: window)), onStart: onStart, onComplete: onComplete)
        return true
    }

    /// Restores `window`, minimized, on top of its workspace, which shows.
    func restore(_ window: Window, onStart: ((Instant) -> Void)?, onComplete: TransitionCompletionHandler?) throws(ActionError) {
        guard let play = navigating({ navigation.restored(window, at: backend.now) }) else {
            throw ActionError(description: "window \(window.id) is not minimized")
        }
        try start(play, request: TransitionRequest(sourceRect: pouringRect(of: window)), onStart: onStart, onComplete: onComplete)
    }

    /// Where `window` minimizes into and restores out of: its taskbar
    /// button; without one, stacked, the effect's own spot (the lamp's: the
    /// bottom centre), and with free placement the lamp's spot on the whole
    /// output, as the effect plays over the window's part of it.
    func pouringRect(of window: Window) -> SourceRect? {
        if let button = window.taskbarRect { return button }
        guard options.placement.keepsPositions else { return nil }
        let (width, height) = (output.logicalWidth, output.logicalHeight)
        return SourceRect(x: Int32(width * 45 / 100), y: Int32(height * 96 / 100), width: Int32(max(width / 10, 1)),
                          height: Int32(max(height * 4 / 100, 1)), outputWidth: width, outputHeight: height)
    }

    /// `window` left the minimized windows: who lists it hears.
    func restored(_ window: Window) {
        log.info("window \(window.id) restored")
        minimizedChanged(window, "window_restored")
    }

    private func minimizedChanged(_ window: Window, _ event: String) {
        offered?.foreignToplevels.windowChanged(id: window.id, window.toplevel)
        control.emit(event, Control.describe(window))
        input.pointerLayoutChanged()
    }

    /// Starts `play` with `request`'s choices (rectangles in surface units), as every action does.
    func start(_ play: consuming PlayToken, request: TransitionRequest, onStart: ((Instant) -> Void)?,
               onComplete: TransitionCompletionHandler?) throws(ActionError) {
        let (width, height) = (output.logicalWidth, output.logicalHeight)
        do {
            try start(play, effect: request.effect, onComplete: onComplete,
                      adjust: { request.adjust(&$0, outputWidth: width, outputHeight: height) }, onStart: onStart)
        } catch {
            throw ActionError(description: "\(error)")
        }
    }
}
