import Foundation
import SegueConfig
import SegueEngine
import SegueImaging
import SegueIPC
import SegueLoop
import SeguePolicy
import SegueRender
import SegueWayland

/// The control socket and what scripts hear through it: its requests
/// answered from the compositor's state, the events its subscribers are
/// told, and what it keeps between them (`Reports`: the transitions done, the
/// window last announced shown, the closes waited for).
final class Control: IPCDelegate {
    unowned let compositor: Compositor
    /// The socket `segue msg` talks to; none for an embedded compositor.
    private(set) var socket: IPCServer?
    private(set) var reports = Reports()

    init(compositor: Compositor) { self.compositor = compositor }

    var output: Output { compositor.output }
    private var stack: WindowStack<Window> { compositor.stack }

    /// Serves `segue msg` at `path`.
    func listen(on loop: EventLoop, at path: String) throws { socket = try IPCServer(loop: loop, path: path, delegate: self) }

    /// The socket closes; subscribers hear nothing more.
    func stop() { socket = nil }

    /// The shown window is `id` now: whether that is news to subscribers (it is then announced).
    func shownChanged(to id: Int?) -> Bool {
        guard id != reports.announcedShown else { return false }
        reports.announcedShown = id
        emit("window_shown", ["window": id.map { .number(Double($0)) } ?? .null])
        return true
    }

    /// The shown workspace is `number` now: subscribers hear of it if that is news.
    func workspaceChanged(to number: Int) {
        guard number != reports.announcedWorkspace else { return }
        reports.announcedWorkspace = number
        emit("workspace_shown", ["workspace": .number(Double(number))])
    }

    package func answer(_ request: IPCRequest, reply: @escaping (IPCReply) -> Void) {
        switch request {
        case .set(let key, let value):
            switch compositor.set(ConfigSetting(key: key, value: value)) {
            case .success:
                reply(.success(["key": .string(key), "value": .string(value)]))
            case .failure(let errors):
                // Each problem once, where it is: `set: …` for the value given, file:line:col for the file.
                var failure = IPCReply.failure("\(key) = \(value) was not applied; the config in force stays")
                failure.payload["problems"] = .array(errors.diagnostics.map { .string("\($0)") })
                reply(failure)
            }
        case .events:
            // From the reply on, the connection hears `emit`.
            reply(.success(["subscribed": true]))
        case .windows:
            // Front to back: the shown window, then the others by when they were last shown; then other workspaces' by number.
            let workspaces = compositor.navigation.workspaces
            // Minimized windows last, the shown workspace's first, each workspace's latest first.
            let hidden = workspaces.numbers.filter { $0 != workspaces.shownNumber }
            let others = hidden.flatMap { workspaces.stack($0)?.shownOrder.reversed() ?? [] }
            let minimized = ([workspaces.shownNumber] + hidden).flatMap { workspaces.stack($0)?.minimized.reversed() ?? [] }
            reply(.success(["windows": .array((stack.shownOrder.reversed() + others + minimized).map(json)),
                            "animating": .bool(compositor.navigation.isAnimating)]))
        case .workspaces:
            let workspaces = compositor.navigation.workspaces
            reply(.success(["workspaces": .array(workspaces.numbers.map { number in
                .object(["number": .number(Double(number)), "shown": .bool(number == workspaces.shownNumber),
                         "windows": .array((workspaces.stack(number).map { $0.windows + $0.minimized } ?? []).map { .number(Double($0.id)) }),
                         "urgent": .bool(workspaces.stack(number)?.windows.contains { $0.urgent } ?? false)])
            })]))
        case .workspace(let target, let wait):
            act(.workspace(target), wait: wait, reply: reply)
        case .moveToWorkspace(let target, let window, let wait):
            act(.moveToWorkspace(target, window: window.map { .window(id: $0) }), wait: wait, reply: reply)
        case .minimize(let window, let wait):
            act(.minimize(window.map { .window(id: $0) }), wait: wait, reply: reply)
        case .restore(let window, let wait):
            act(.restore(window.map { .window(id: $0) }), wait: wait, reply: reply)
        case .place(let id, let x, let y):
            guard compositor.options.placement.keepsPositions else {
                return reply(.failure("windows are stacked here, each shown whole: only free placement (segue run --placement free) places them"))
            }
            do {
                compositor.place(try compositor.window(for: .window(id: id)), x: x, y: y)
                reply(.success(["window": .number(Double(id)), "x": .number(Double(x)), "y": .number(Double(y))]))
            } catch {
                reply(.failure(error.description))
            }
        case .setState(let state, let on, let window, let wait):
            restate(state, on: on, window: window, wait: wait, reply: reply)
        case .clients:
            reply(.success(["clients": .array(compositor.server.clients.map(clientJSON))]))
        case .outputs:
            reply(.success(["outputs": [outputJSON]]))
        case .transitions:
            reply(.success(["transitions": .array(reports.history.map { entry in
                var fields = Self.json(entry.completion)
                fields["event"] = .string(entry.event.rawValue)
                fields["rule"] = .string(entry.reason)
                return .object(fields)
            })]))
        case .switchWindow(let target, let effect, let wait, let duration):
            switchWindow(to: target, TransitionRequest(effect: effect, duration: duration), wait: wait, reply: reply)
        case .close(let target, let wait):
            do {
                guard case .askedToClose(let id) = try compositor.perform(.close(target)) else { return }
                // Whether it closes is the client's choice: a waiter hears once it has.
                if wait { reports.closeWaiters.append((id, reply, nil)) } else { reply(.success(["window": .number(Double(id))])) }
            } catch {
                reply(.failure(error.description))
            }
        case .screenshot(let path):
            // PNG is all it writes: a name that says otherwise would hold a PNG all the same.
            guard path.lowercased().hasSuffix(".png") else {
                return reply(.failure("screenshots are PNG files: name it .png, not \((path as NSString).lastPathComponent)"))
            }
            do {
                let image = try output.screenImage()
                try PNG.write(image, to: path)
                reply(.success(["path": .string(path), "width": .number(Double(image.width)), "height": .number(Double(image.height))]))
            } catch {
                reply(.failure("\(error)"))
            }
        case .effects:
            // readying: whether effects the config plays are still being compiled and timed, one a loop turn.
            reply(.success(["effects": .array(compositor.config.effects.all.map(json)),
                            "readying": .bool(!(compositor.effectReadying?.isDone ?? true))]))
        case .config:
            var fields = Self.json(compositor.config)
            // What `segue msg set` applied over the file, until it is read again.
            fields["set"] = .array(compositor.settings.map { .object(["key": .string($0.key), "value": .string($0.value)]) })
            reply(.success(fields))
        case .spawn(let argv):
            compositor.spawn(argv, reply: reply)
        case .gesture(let step):
            gesture(step, reply: reply)
        case .switcher(let step):
            // The selection as it stands, or the window a commit shows; a cancel leaves the one shown.
            let chosen = step == .commit ? compositor.navigation.switcher.selection : nil
            do {
                guard case .switcher(let selection) = try compositor.perform(.switcher(step)) else { return }
                let window = selection ?? chosen?.id ?? stack.shown?.id
                reply(.success(["window": window.map { .number(Double($0)) } ?? .null, "open": .bool(compositor.navigation.switcher.isHeld)]))
            } catch {
                reply(.failure(error.description))
            }
        case .reload:
            do {
                guard case .reloaded(let rules, let path) = try compositor.perform(.reload) else { return }
                reply(.success(["path": .string(path ?? ""), "rules": .number(Double(rules))]))
            } catch {
                var failure = IPCReply.failure(error.description)
                if !error.problems.isEmpty { failure.payload["problems"] = .array(error.problems.map(JSONValue.string)) }
                reply(failure)
            }
        }
    }

    private func switchWindow(to target: SwitchTarget, _ request: TransitionRequest, wait: Bool, reply: @escaping (IPCReply) -> Void) {
        do {
            let outcome = try compositor.perform(.show(target, request), onComplete: { completion, reason in
                guard wait else { return }
                var fields = Self.json(completion)
                fields["rule"] = .string(reason)
                reply(.success(fields))
            })
            switch outcome {
            case .alreadyShown(let id): reply(.success(["switched": false, "window": .number(Double(id))]))
            case .switched(let id) where !wait: reply(.success(["switched": true, "window": .number(Double(id))]))
            default: break
            }
        } catch {
            reply(.failure(error.description))
        }
    }

    /// A workspace shown, a window moved, minimized or restored: the reply says what happened, or
    /// with `wait`, how the transition it started went, once it finished.
    private func act(_ action: Action, wait: Bool, reply: @escaping (IPCReply) -> Void) {
        do {
            let outcome = try compositor.perform(action, onComplete: { completion, reason in
                guard wait else { return }
                var fields = Self.json(completion)
                fields["rule"] = .string(reason)
                reply(.success(fields))
            })
            switch outcome {
            case .workspaceShown(let number, let changed) where !wait || !changed:
                reply(.success(["workspace": .number(Double(number)), "switched": .bool(changed)]))
            case .movedToWorkspace(let id, let number, let played) where !wait || !played:
                reply(.success(["window": .number(Double(id)), "workspace": .number(Double(number))]))
            case .minimized(let id, let played) where !wait || !played:
                reply(.success(["window": .number(Double(id)), "minimized": true]))
            case .restored(let id) where !wait:
                reply(.success(["window": .number(Double(id)), "restored": true]))
            default: break
            }
        } catch {
            reply(.failure(error.description))
        }
    }

    /// begin and update reply at once; end and cancel once the transition has come to rest.
    private func gesture(_ step: GestureStep, reply: @escaping (IPCReply) -> Void) {
        let waits: Bool
        switch step {
        case .end, .cancel: waits = true
        case .begin, .beginWorkspace, .update: waits = false
        }
        do {
            let outcome = try compositor.perform(.gesture(step), onComplete: waits ? { completion, reason in
                var fields = Self.json(completion)
                fields["rule"] = .string(reason)
                reply(.success(fields))
            } : nil)
            if !waits, case .gestured(let id, let workspace) = outcome {
                var fields: [String: JSONValue] = ["window": id.map { .number(Double($0)) } ?? .null]
                if let workspace { fields["workspace"] = .number(Double(workspace)) }
                reply(.success(fields))
            }
        } catch {
            reply(.failure(error.description))
        }
    }

    private func json(_ window: Window) -> JSONValue {
        .object([
            "id": .number(Double(window.id)),
            "app_id": .string(window.appID),
            "title": .string(window.title),
            "width": .number(Double(window.surface.width)),
            "height": .number(Double(window.surface.height)),
            // Above 1 on a HiDPI output when the client draws sharp for it.
            "buffer_scale": .number(Double(window.surface.bufferScale)),
            "shown": .bool(window === stack.shown),
            // When it was last shown, in milliseconds on the output's clock (CLOCK_MONOTONIC): the order `windows` lists them in.
            "last_shown": .number(Double((workspaceStack(of: window)?.lastShown(window)?.nanoseconds ?? 0) / 1_000_000)),
            "urgent": .bool(window.urgent),
            "minimized": .bool(compositor.navigation.workspaces.isMinimized(window)),
            "workspace": compositor.navigation.workspaces.number(of: window).map { .number(Double($0)) } ?? .null,
        ])
    }

    /// The stack of the workspace `window` is on.
    private func workspaceStack(of window: Window) -> WindowStack<Window>? {
        let workspaces = compositor.navigation.workspaces
        return workspaces.number(of: window).flatMap(workspaces.stack)
    }

    /// A client as only what it cannot choose tells: its process, and the
    /// privileged protocols that lets it use; with its windows.
    private func clientJSON(_ client: OpaquePointer) -> JSONValue {
        let privileges = compositor.offered?.privileges
        var fields: [String: JSONValue] = [
            "pid": privileges?.pid(of: client).map { .number(Double($0)) } ?? .null,
            "executable": privileges?.executable(of: client).map(JSONValue.string) ?? .null,
            "privileged": .bool(privileges?.isPrivileged(client) ?? false),
            "may_use": .array((privileges?.interfaces(for: client) ?? []).map(JSONValue.string)),
            "windows": .array(compositor.allWindows.filter { $0.surface.client == client }.map { .number(Double($0.id)) }),
        ]
        if let xwayland = compositor.xwayland, xwayland.client == client { fields["x11_windows"] = xwayland.windowsJSON }
        return .object(fields)
    }

    private func json(_ effect: EffectDescriptor) -> JSONValue {
        .object([
            "name": .string(effect.name),
            "summary": .string(effect.summary),
            "duration_ms": .number((effect.duration * 1000).rounded()),
            "curve": .string(effect.curve.description),
            // Compiled and timed at the output's size: its first transition waits for neither.
            "ready": .bool(compositor.renderer.isReady(effect, width: compositor.output.width, height: compositor.output.height)),
            "parameters": .array(effect.parameters.map { p in
                .object(["name": .string(p.name), "type": .string(p.type.rawValue), "default": .string(p.defaultValue.description)])
            }),
        ])
    }

    /// Tells every `segue msg events` subscriber that `event` happened.
    func emit(_ event: String, _ fields: [String: JSONValue] = [:]) {
        socket?.broadcast(fields.merging(["event": .string(event)]) { $1 })
    }

    /// A window as events name it.
    static func describe(_ window: Window) -> [String: JSONValue] {
        ["window": .number(Double(window.id)), "app_id": .string(window.appID), "title": .string(window.title)]
    }

    /// A completion as `switch --wait` prints it.
    static func json(_ completion: TransitionCompletion) -> [String: JSONValue] {
        let stats = completion.statistics
        return [
            "id": .number(Double(completion.id)),
            "outcome": .string(completion.outcome.rawValue),
            "effect": .string(completion.effect),
            "direction": .string(completion.direction.rawValue),
            "frames": .number(Double(stats.frames)),
            "late_frames": .number(Double(stats.lateFrames)),
            "missed_refreshes": .number(Double(stats.missedRefreshes)),
            "duration_ms": .number((completion.duration * 1000).rounded()),
            "presented_ms": .number((stats.presentedSpan * 1000 * 10).rounded() / 10),
            "median_frame_ms": stats.medianRenderTime.map { .number(($0 * 1000 * 100).rounded() / 100) } ?? .null,
            // The size per side frames were drawn at (1: full size; less where they would have missed their refresh).
            "min_scale": .number((stats.minimumScale * 1000).rounded() / 1000),
            "median_scale": .number((stats.medianScale * 1000).rounded() / 1000),
            // Times each window's client got new pixels on screen while it ran: its update rate over the duration.
            "from_updates": .number(Double(stats.fromUpdates)),
            "to_updates": .number(Double(stats.toUpdates)),
            // CLOCK_MONOTONIC, as wp_presentation and segue_transition_v1 report them.
            "first_ns": stats.firstPresentation.map { .number(Double($0.nanoseconds)) } ?? .null,
            "last_ns": stats.lastPresentation.map { .number(Double($0.nanoseconds)) } ?? .null,
        ]
    }

    /// The config in force, as `segue msg config` prints it.
    static func json(_ config: SegueConfig) -> [String: JSONValue] {
        let events = TransitionEvent.allCases.map { event -> (String, JSONValue) in
            var fields = config.transitions[event].map(ConfigJSON.choice) ?? ["effect": "none"]
            fields["direction"] = .string(event.direction.rawValue)
            fields["from"] = .string(config.eventOrigins[event] ?? "")
            return (event.rawValue, .object(fields))
        }
        return [
            "path": config.path.map(JSONValue.string) ?? .null,
            "transitions": .object(Dictionary(uniqueKeysWithValues: events)),
            "rules": .array(config.rules.map { rule in
                .object(["rule": .string(config.describe(rule)), "when": ConfigJSON.match(rule.match),
                         "sets": .object(ConfigJSON.choice(rule.choice)),
                         "workspace": rule.workspace.map { .number(Double($0)) } ?? .null])
            }),
            "reduce_motion": .bool(config.reduceMotion),
            // Null where the file does not say: on where Xwayland is installed.
            "xwayland": config.xwayland.map(JSONValue.bool) ?? .null,
            // By their [keys] names, dashes as underscores.
            "keys": .object(Dictionary(uniqueKeysWithValues: config.keys.named.map { name, chord in
                (name.replacingOccurrences(of: "-", with: "_"), chord.map { .string($0.text) } ?? .null)
            })),
            "switcher": ConfigJSON.switcher(config.switcher),
            "layers": ConfigJSON.layers(config.layers),
            "resize": ConfigJSON.resize(config.resize),
            "effects": .array(config.effects.names.map(JSONValue.string)),
            "privileged": config.privileged == .all ? .string("all") : .array(config.privileged.executables.map { .string($0) }),
        ]
    }

    /// `play` completed as `completion`, chosen by `reason`: kept for
    /// `segue msg transitions`, told to subscribers, and to whoever waits for
    /// its window to close.
    func transitionFinished(_ play: Navigation<Window, ScreenSource>.Play, _ reason: String, _ completion: TransitionCompletion) {
        reports.history.append((play.event, reason, completion))
        if reports.history.count > 256 { reports.history.removeFirst() }
        var fields = Self.json(completion)
        fields["kind"] = .string(play.event.rawValue)
        fields["rule"] = .string(reason)
        emit("transition_finished", fields)
        if play.event == .close, let closed = play.from {
            for index in reports.closeWaiters.indices where reports.closeWaiters[index].window == closed.id {
                reports.closeWaiters[index].transition = fields
            }
        }
        answerCloseWaiters()
    }

    /// Those waiting for a window to close hear, once it has gone and
    /// nothing plays any more, how the transition away from it went.
    func answerCloseWaiters() {
        guard !compositor.navigation.transitionsPending else { return }
        let open = Set(compositor.allWindows.map(\.id))
        let answered = reports.closeWaiters.filter { !open.contains($0.window) }
        reports.closeWaiters.removeAll { !open.contains($0.window) }
        for waiter in answered {
            var fields = waiter.transition ?? [:]
            fields["window"] = .number(Double(waiter.window))
            fields["closed"] = true
            waiter.reply(.success(fields))
        }
    }
}
