import SegueEngine
import SegueWayland

/// What segue_transition_v1 needs from the compositor.
extension Compositor: TransitionProtocolDelegate {
    package var windows: [(id: Int, toplevel: XdgToplevel)] { stack.windows.map { ($0.id, $0.toplevel) } }
    package var outputSize: (width: Int, height: Int) { (output.logicalWidth, output.logicalHeight) }

    package func hasEffect(named name: String) -> Bool { config.effects[name] != nil }

    /// Shows the window as a switch with the client's choices. Nothing plays,
    /// and the transition completes cancelled, when the window is gone or is
    /// shown already with nothing animating.
    package func play(_ request: TransitionRequest, toWindow id: Int, onStart: @escaping (Instant) -> Void,
                      onComplete: @escaping (TransitionState, FrameStatistics) -> Void) {
        do {
            let outcome = try perform(.show(.window(id: id), request), onStart: onStart) { completion, _ in
                onComplete(completion.outcome, completion.statistics)
            }
            if case .alreadyShown = outcome { onComplete(.cancelled, FrameStatistics()) }
        } catch {
            log.warning("segue_transition_v1: \(error)")
            onComplete(.cancelled, FrameStatistics())
        }
    }

    package func beginDriven(toWindow id: Int, onStart: @escaping (Instant) -> Void,
                             onComplete: @escaping (TransitionState, FrameStatistics) -> Void) -> AnyObject? {
        do {
            try perform(.gesture(.begin(.window(id: id))), onStart: onStart) { completion, _ in
                onComplete(completion.outcome, completion.statistics)
            }
            return gesture?.hand
        } catch {
            log.info("segue_transition_v1: \(error)")
            onComplete(.cancelled, FrameStatistics())
            return nil
        }
    }

    package func updateDriven(_ handle: AnyObject, progress: Double) {
        guard gesture?.hand === handle else { return }
        _ = try? perform(.gesture(.update(progress)))
    }

    package func endDriven(_ handle: AnyObject, velocity: Double?) {
        guard gesture?.hand === handle else { return }
        _ = try? perform(.gesture(.end(velocity: velocity)))
    }

    package func cancelDriven(_ handle: AnyObject) {
        guard gesture?.hand === handle else { return }
        _ = try? perform(.gesture(.cancel))
    }
}
