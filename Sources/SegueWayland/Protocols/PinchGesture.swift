import CWaylandServer

/// A zwp_pointer_gesture_pinch_v1: Segue's backends report no pinches, so it
/// only waits to be destroyed.
enum PinchGesture {
    nonisolated(unsafe) static let implementation: UnsafeMutablePointer<zwp_pointer_gesture_pinch_v1_interface> = {
        let p = UnsafeMutablePointer<zwp_pointer_gesture_pinch_v1_interface>.allocate(capacity: 1)
        p.initialize(to: zwp_pointer_gesture_pinch_v1_interface(destroy: Resource.destroy))
        return p
    }()
}
