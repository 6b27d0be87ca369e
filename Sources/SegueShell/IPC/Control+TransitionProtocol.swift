import SegueEngine
import SegueWayland

/// What segue_transition_v1 needs: the windows and the output, and
/// transitions played or driven as the client asks, each a switch like any other.
extension Control: TransitionProtocolDelegate {
    package var openWindows: [(id: Int, toplevel: any Toplevel)] { compositor.windows.openWindows }
    package var outputSize: (width: Int, height: Int) { (compositor.output.logicalWidth, compositor.output.logicalHeight) }

    package func hasEffect(named name: String) -> Bool { compositor.config.effects[name] != nil }

    /// Shows the window as a switch with the client's choices. Nothing plays,
    /// and the transition completes cancelled, when the window is gone or is
    /// shown already with nothing animating.
    package func play(_ request: TransitionRequest, toWindow id: Int, onStart: @escaping (Instant) -> Void,
                      onComplete: @escaping (TransitionState, FrameStatistics) -> Void) {
        do {
            let outcome = try compositor.perform(.show(.window(id: id), request), onStart: onStart) { completion, _ in
                onComplete(completion.outcome, completion.statistics)
            }
            if case .alreadyShown = outcome { onComplete(.cancelled, FrameStatistics()) }
        } catch {
            compositor.log.warning("segue_transition_v1: \(error)")
            onComplete(.cancelled, FrameStatistics())
        }
    }

    package func beginDriven(toWindow id: Int, onStart: @escaping (Instant) -> Void,
                             onComplete: @escaping (TransitionState, FrameStatistics) -> Void) -> AnyObject? {
        do {
            try compositor.perform(.gesture(.begin(.window(id: id))), onStart: onStart) { completion, _ in
                onComplete(completion.outcome, completion.statistics)
            }
            return compositor.gesture?.hand
        } catch {
            compositor.log.info("segue_transition_v1: \(error)")
            onComplete(.cancelled, FrameStatistics())
            return nil
        }
    }

    package func updateDriven(_ handle: AnyObject, progress: Double) {
        guard compositor.gesture?.hand === handle else { return }
        _ = try? compositor.perform(.gesture(.update(progress)))
    }

    package func endDriven(_ handle: AnyObject, velocity: Double?) {
        guard compositor.gesture?.hand === handle else { return }
        _ = try? compositor.perform(.gesture(.end(velocity: velocity)))
    }

    package func cancelDriven(_ handle: AnyObject) {
        guard compositor.gesture?.hand === handle else { return }
        _ = try? compositor.perform(.gesture(.cancel))
    }
}
