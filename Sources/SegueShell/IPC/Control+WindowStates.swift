import SegueIPC

extension Control {
    /// `segue msg maximize` and `fullscreen`: the reply says what was asked,
    /// or with `wait`, once the window is drawn so, how its resize went.
    func restate(_ state: WindowState, on: Bool?, window id: Int?, wait: Bool, reply: @escaping (IPCReply) -> Void) {
        do {
            let target = id.map { SwitchTarget.window(id: $0) }
            guard case .restated(let id, let on, let changed) = try compositor.perform(.restate(state, on: on, window: target)) else { return }
            let asked: [String: JSONValue] = ["window": .number(Double(id)), state.field: .bool(on), "changed": .bool(changed)]
            guard wait, changed, let window = compositor.allWindows.first(where: { $0.id == id }) else { return reply(.success(asked)) }
            let windows = compositor.windows
            // Drawn in them already (not on screen, or no wait for its client): nothing to wait for.
            guard windows.wanted(by: window) != window.drawnState else { return reply(.success(asked.merging(["outcome": "at-once"]) { $1 })) }
            window.restateWaiters.append { how in
                switch how {
                case .played(let end): reply(.success(asked.merging(Windows.json(end)) { $1 }))
                case .atOnce: reply(.success(asked.merging(["outcome": "at-once"]) { $1 }))
                case .closed: reply(.failure("window \(id) closed before it was drawn \(state == .maximized ? (on ? "maximized" : "unmaximized") : on ? "fullscreen" : "out of fullscreen")"))
                }
            }
        } catch {
            reply(.failure(error.description))
        }
    }
}
