import SegueIPC

/// How states asked through `segue msg maximize` or `fullscreen` came out on
/// screen, for a caller that waits.
enum Restated {
    /// Its resize to them ended (completed or interrupted).
    case played(ResizeAnimations.Completed)
    /// Drawn in them at once: nothing moved, it is not on screen, resizes do
    /// not play, or its client drew nothing for them within the wait.
    case atOnce
    /// It went before it was drawn in them.
    case closed
}

extension Windows {
    /// Asks `window` into `state` (or out of it; nil: the other way from how
    /// it asks now), as a taskbar does: a minimized window is restored first.
    func ask(_ window: Window, _ state: WindowState, on: Bool?) throws(ActionError) -> ActionOutcome {
        if state == .maximized, !compositor.options.placement.keepsPositions {
            throw ActionError(description: "windows are stacked here, each filling the output already: maximize is for free placement (segue run --placement free)")
        }
        let toplevel = window.toplevel
        let now = state == .maximized ? toplevel.wantsMaximized : toplevel.wantsFullscreen
        let wanted = on ?? !now
        guard wanted != now else { return .restated(windowID: window.id, on: wanted, changed: false) }
        if compositor.navigation.workspaces.isMinimized(window) { restore(windowID: window.id) }
        switch state {
        case .maximized: toplevel.askMaximized(wanted)
        case .fullscreen: toplevel.askFullscreen(wanted)
        }
        return .restated(windowID: window.id, on: wanted, changed: true)
    }

    /// `window` is drawn in the states asked last without a resize to them (`atOnce`), or went.
    func settleRestate(of window: Window, _ how: Restated) {
        let waiters = window.restateWaiters
        window.restateWaiters = []
        for waiter in waiters { waiter(how) }
    }

    /// `window`'s resize ended, or `window` went: those waiting on it hear.
    func settleResize(of window: Window, _ how: Restated) {
        let waiters = window.resizeWaiters
        window.resizeWaiters = []
        for waiter in waiters { waiter(how) }
    }
}
