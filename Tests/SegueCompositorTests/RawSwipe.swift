import CWaylandClient
import SegueClientSupport

/// A zwp_pointer_gesture_swipe_v1 that records what it is sent, in order.
final class RawSwipe {
    enum Event: Equatable {
        case begin(OpaquePointer?, fingers: UInt32)
        case update(dx: Double, dy: Double)
        case end(cancelled: Bool)
    }

    private(set) var events: [Event] = []

    init(swipe: OpaquePointer) {
        zwp_pointer_gesture_swipe_v1_add_listener(swipe, swipeListener, listenerData(self))
    }

    fileprivate func record(_ event: Event) { events.append(event) }
}

private nonisolated(unsafe) let swipeListener = fixedListener(zwp_pointer_gesture_swipe_v1_listener(
    begin: { data, _, _, _, surface, fingers in (listenerObject(data) as RawSwipe).record(.begin(surface, fingers: fingers)) },
    update: { data, _, _, dx, dy in
        (listenerObject(data) as RawSwipe).record(.update(dx: wl_fixed_to_double(dx), dy: wl_fixed_to_double(dy)))
    },
    end: { data, _, _, _, cancelled in (listenerObject(data) as RawSwipe).record(.end(cancelled: cancelled != 0)) }
))
