/// xdg-activation: a valid token brings the window forward with a switch,
/// zooming out of the token's rectangle when a trusted client gave it one;
/// anything else marks it urgent.
extension Compositor: ActivationObserver {
    func surfaceIsShown(_ surface: Surface) -> Bool {
        guard let window = window(of: surface) else { return false }
        return window === stack.shown
    }

    func activationRequested(for surface: Surface, valid: Bool, sourceRect: SourceRect?) {
        guard let window = window(of: surface), window !== stack.shown else { return }
        guard valid else {
            window.urgent = true
            log.info("window \(window.id) asked for activation without a valid token: marked urgent")
            return
        }
        guard let sourceRect else {
            try? show(window, from: stack.shown, event: .switch)
            return
        }
        let request = TransitionRequest(effect: "zoom-from-rect", sourceRect: sourceRect)
        let (width, height) = (output.width, output.height)
        try? show(window, from: stack.shown, event: .switch, effect: request.effect,
                  adjust: { request.adjust(&$0, outputWidth: width, outputHeight: height) })
    }
}
