import CWaylandClient
import SegueClientSupport

/// A wl_touch that records what it is sent, in order, with positions in
/// surface-local pixels.
final class RawTouch {
    enum Event: Equatable {
        case down(OpaquePointer?, id: Int32, x: Double, y: Double)
        case motion(id: Int32, x: Double, y: Double)
        case up(id: Int32)
    }

    private(set) var events: [Event] = []

    init(touch: OpaquePointer) {
        wl_touch_add_listener(touch, touchListener, listenerData(self))
    }

    fileprivate func record(_ event: Event) { events.append(event) }
}

private nonisolated(unsafe) let touchListener = fixedListener(wl_touch_listener(
    down: { data, _, _, _, surface, id, x, y in
        (listenerObject(data) as RawTouch).record(.down(surface, id: id, x: wl_fixed_to_double(x), y: wl_fixed_to_double(y)))
    },
    up: { data, _, _, _, id in (listenerObject(data) as RawTouch).record(.up(id: id)) },
    motion: { data, _, _, id, x, y in
        (listenerObject(data) as RawTouch).record(.motion(id: id, x: wl_fixed_to_double(x), y: wl_fixed_to_double(y)))
    },
    frame: { _, _ in },
    cancel: { _, _ in },
    shape: { _, _, _, _, _ in },
    orientation: { _, _, _, _ in }
))
