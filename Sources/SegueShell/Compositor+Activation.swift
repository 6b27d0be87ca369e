import SegueWayland

/// xdg-activation: a valid token brings the window forward with a switch,
/// zooming out of the token's rectangle when a trusted client gave it one;
/// anything else marks it urgent.
extension Compositor: ActivationDelegate {
    package func surfaceIsShown(_ surface: Surface) -> Bool {
        guard let window = window(of: surface) else { return false }
        return window === stack.shown
    }

    package func activationRequested(for surface: Surface, valid: Bool, sourceRect: SourceRect?) {
        guard let window = window(of: surface), window !== stack.shown else { return }
        guard valid else {
            window.urgent = true
            log.info("window \(window.id) asked for activation without a valid token: marked urgent")
            return
        }
        let request = sourceRect.map { TransitionRequest(effect: "zoom-from-rect", sourceRect: $0) } ?? TransitionRequest()
        do {
            try perform(.show(.window(id: window.id), request))
        } catch {
            log.warning("xdg_activation_v1: cannot show window \(window.id): \(error)")
        }
    }
}
