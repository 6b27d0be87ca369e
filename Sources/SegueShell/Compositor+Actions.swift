import SegueConfig
import SegueEngine
import SegueIPC
import SeguePolicy
import SegueWayland

extension Compositor {
    /// Does what `action` asks. `onComplete` hears once when a transition it
    /// started completes, with the rule that chose it; `onStart` when its
    /// first frame was presented.
    @discardableResult
    func perform(_ action: Action, onStart: ((Instant) -> Void)? = nil,
                 onComplete: TransitionCompletionHandler? = nil) throws(ActionError) -> ActionOutcome {
        switch action {
        case .show(let target, let request):
            let window = try window(for: target)
            if let effect = request.effect {
                do { _ = try config.effects.effect(named: effect) } catch { throw ActionError(description: "\(error)") }
            }
            // Shown, but a transition away from it runs: showing it again turns back.
            // Stepping through opening order passes windows on the way; any other target is a choice.
            let inPassing = switch target { case .next, .prev: true; default: false }
            // A minimized window is restored, out of its taskbar button unless the request names a rectangle.
            let minimized = navigation.workspaces.isMinimized(window)
            guard let play = navigating({ navigation.switched(to: window, at: backend.now, inPassing: inPassing) }) else {
                return .alreadyShown(windowID: window.id)
            }
            var request = request
            if minimized { request.sourceRect = request.sourceRect ?? pouringRect(of: window) }
            try start(play, request: request, onStart: onStart, onComplete: onComplete)
            return .switched(windowID: window.id)
        case .close(let target):
            guard let window = try target.map(window(for:)) ?? stack.shown else {
                throw ActionError(description: "no window is shown")
            }
            window.toplevel.sendClose()
            return .askedToClose(windowID: window.id)
        case .gesture(let step):
            let toward = try gesture(step, onStart: onStart, onComplete: onComplete)
            return .gestured(windowID: toward.window, workspace: toward.workspace)
        case .switcher(let step):
            return .switcher(selection: try switcher(step, onComplete: onComplete))
        case .minimize(let target):
            guard let window = try target.map(window(for:)) ?? stack.shown else { throw ActionError(description: "no window is shown") }
            return .minimized(windowID: window.id, played: try minimize(window, onStart: onStart, onComplete: onComplete))
        case .restore(let target):
            let workspaces = navigation.workspaces
            let latest = ([workspaces.shownNumber] + workspaces.numbers).lazy.compactMap { workspaces.stack($0)?.minimized.last }.first
            guard let window = try target.map(window(for:)) ?? latest else { throw ActionError(description: "no window is minimized") }
            try restore(window, onStart: onStart, onComplete: onComplete)
            return .restored(windowID: window.id)
        case .workspace(let target):
            let number = try target.number(among: navigation.workspaces)
            guard let play = navigating({ navigation.workspaceShown(number) }) else { return .workspaceShown(number: number, changed: false) }
            do { try start(play, onComplete: onComplete, onStart: onStart) } catch { throw ActionError(description: "\(error)") }
            return .workspaceShown(number: number, changed: true)
        case .moveToWorkspace(let target, let windowTarget):
            guard let window = try windowTarget.map(window(for:)) ?? stack.shown else { throw ActionError(description: "no window is shown") }
            let number = try target.number(among: navigation.workspaces)
            guard let play = navigating({ navigation.moved(window, toWorkspace: number, at: backend.now) }) else {
                // It left the shown workspace without being the window shown (free placement), or moved between hidden ones.
                windows.focusShownWindow()
                windows.windowLayersChanged()
                return .movedToWorkspace(windowID: window.id, number: number, played: false)
            }
            do { try start(play, onComplete: onComplete, onStart: onStart) } catch { throw ActionError(description: "\(error)") }
            return .movedToWorkspace(windowID: window.id, number: number, played: true)
        case .restate(let state, let on, let target):
            guard let window = try target.map(window(for:)) ?? stack.shown else { throw ActionError(description: "no window is shown") }
            return try windows.ask(window, state, on: on)
        case .reload:
            switch reloadConfig() {
            case nil:
                throw ActionError(description: "no config file is in use; start segue run with --config FILE or create ~/.config/segue/config.toml")
            case .success(let loaded)?:
                return .reloaded(rules: loaded.rules.count, path: loaded.path)
            case .failure(let errors)?:
                // The problems follow the summary, each once.
                throw ActionError(description: "config \(options.configPath ?? "") rejected; the config in force stays",
                                  problems: errors.diagnostics.map(\.description))
            }
        }
    }

    func window(for target: SwitchTarget) throws(ActionError) -> Window {
        switch target {
        case .next, .prev:
            guard let window = stack.neighbour(after: target == .next), window !== stack.shown else {
                throw ActionError(description: "no other window to switch to")
            }
            return window
        case .previous:
            guard let window = stack.shownOrder.dropLast().last else {
                throw ActionError(description: "no window was shown before this one")
            }
            return window
        case .window(let id):
            guard let window = allWindows.first(where: { $0.id == id }) else {
                throw ActionError(description: "no window with id \(id)")
            }
            return window
        case .appID(let pattern), .title(let pattern):
            let glob: Glob
            do { glob = try Glob(pattern) } catch { throw ActionError(description: error.message) }
            let byAppID = if case .appID = target { true } else { false }
            // The most recently shown match, the shown workspace's first; the shown window only when it is the one match.
            let others = allWindows.filter { window in !stack.windows.contains { $0 === window } }
            let matches = (stack.shownOrder.reversed() + others).filter { glob.matches(byAppID ? $0.appID : $0.title) }
            guard let window = matches.first(where: { $0 !== stack.shown }) ?? matches.first else {
                throw ActionError(description: "no window's \(byAppID ? "app id" : "title") matches \"\(pattern)\"")
            }
            return window
        }
    }
}

extension WorkspaceTarget {
    /// The workspace's number: its own, or the neighbour of the shown one among `workspaces`.
    func number(among workspaces: Workspaces<Window>) throws(ActionError) -> Int {
        switch self {
        case .number(let number): return number
        case .next, .prev:
            guard let number = workspaces.neighbour(after: self == .next) else { throw ActionError(description: "no other workspace") }
            return number
        }
    }
}
