/// xdg-activation: a valid token brings the window forward with a switch;
/// anything else marks it urgent.
extension Compositor: ActivationObserver {
    func surfaceIsShown(_ surface: Surface) -> Bool {
        guard let window = window(of: surface) else { return false }
        return window === stack.shown
    }

    func activationRequested(for surface: Surface, valid: Bool) {
        guard let window = window(of: surface), window !== stack.shown else { return }
        guard valid else {
            window.urgent = true
            log.info("window \(window.id) asked for activation without a valid token: marked urgent")
            return
        }
        try? show(window, from: stack.shown, event: .switch)
    }
}
