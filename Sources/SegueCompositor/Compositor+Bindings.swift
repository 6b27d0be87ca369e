extension Compositor {
    /// A key binding asked for the next or previous window, in opening order;
    /// with one window or none there is nowhere to go.
    func switchWindow(_ direction: SwitchDirection) {
        guard let window = stack.neighbour(after: direction == .next), window !== stack.shown else { return }
        do {
            try show(window, from: stack.shown, event: .switch)
        } catch {
            log.warning("cannot switch windows: \(error)")
        }
    }
}
