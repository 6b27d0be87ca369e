import SegueEngine

/// What segue_transition_v1 needs from the compositor.
extension Compositor {
    func hasEffect(named name: String) -> Bool { config.effects[name] != nil }

    /// Shows `window` as a switch with the client's choices. Nothing plays,
    /// and the transition completes cancelled, when the window is gone or is
    /// shown already with nothing animating.
    func play(_ request: TransitionRequest, to window: Window?, onStart: @escaping (Instant) -> Void,
              onComplete: @escaping (TransitionState, FrameStatistics) -> Void) {
        guard let window, stack.windows.contains(where: { $0 === window }),
              window !== stack.shown || output.isAnimating else {
            return onComplete(.cancelled, FrameStatistics())
        }
        let (width, height) = (output.width, output.height)
        do {
            try show(window, from: stack.shown, event: .switch, effect: request.effect,
                     onComplete: { completion, _ in onComplete(completion.outcome, completion.statistics) },
                     adjust: { request.adjust(&$0, outputWidth: width, outputHeight: height) }, onStart: onStart)
        } catch {
            log.warning("segue_transition_v1: \(error)")
            onComplete(.cancelled, FrameStatistics())
        }
    }
}
