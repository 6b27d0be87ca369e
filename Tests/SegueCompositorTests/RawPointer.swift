import CWaylandClient
import SegueClientSupport

/// A wl_pointer that records what it is sent, in order, with positions in
/// surface-local pixels.
final class RawPointer {
    enum Event: Equatable {
        case enter(OpaquePointer?, x: Double, y: Double)
        case leave(OpaquePointer?)
        case motion(x: Double, y: Double)
        case button(UInt32, pressed: Bool)
    }

    private(set) var events: [Event] = []
    /// The serial of the last button event, for requests that must follow one (a popup grab).
    private(set) var lastButtonSerial: UInt32?
    /// The serial of the last enter, which wl_pointer.set_cursor answers.
    private(set) var lastEnterSerial: UInt32?

    let proxy: OpaquePointer

    init(pointer: OpaquePointer) {
        proxy = pointer
        wl_pointer_add_listener(pointer, pointerListener, listenerData(self))
    }

    fileprivate func record(_ event: Event) { events.append(event) }
    fileprivate func buttonSerial(_ serial: UInt32) { lastButtonSerial = serial }
    fileprivate func enterSerial(_ serial: UInt32) { lastEnterSerial = serial }

    /// The surface the pointer is on now, going by the enters and leaves so far.
    var focus: OpaquePointer? {
        for event in events.reversed() {
            if case .enter(let surface, _, _) = event { return surface }
            if case .leave = event { return nil }
        }
        return nil
    }
}

private nonisolated(unsafe) let pointerListener = fixedListener(wl_pointer_listener(
    enter: { data, _, serial, surface, x, y in
        (listenerObject(data) as RawPointer).enterSerial(serial)
        (listenerObject(data) as RawPointer).record(.enter(surface, x: wl_fixed_to_double(x), y: wl_fixed_to_double(y)))
    },
    leave: { data, _, _, surface in (listenerObject(data) as RawPointer).record(.leave(surface)) },
    motion: { data, _, _, x, y in
        (listenerObject(data) as RawPointer).record(.motion(x: wl_fixed_to_double(x), y: wl_fixed_to_double(y)))
    },
    button: { data, _, serial, _, button, state in
        (listenerObject(data) as RawPointer).buttonSerial(serial)
        (listenerObject(data) as RawPointer).record(.button(button, pressed: state == WL_POINTER_BUTTON_STATE_PRESSED.rawValue))
    },
    axis: { _, _, _, _, _ in },
    frame: { _, _ in },
    axis_source: { _, _, _ in },
    axis_stop: { _, _, _, _ in },
    axis_discrete: { _, _, _, _ in },
    axis_value120: { _, _, _, _ in }
))
