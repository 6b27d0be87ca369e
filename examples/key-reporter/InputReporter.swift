import CWaylandClient
import Glibc
import SegueClientSupport

/// Prints every keyboard and pointer event the seat delivers, one line each.
final class InputReporter {
    private let seat: OpaquePointer
    private var keyboard: OpaquePointer?
    private var pointer: OpaquePointer?

    init(seat: OpaquePointer) {
        self.seat = seat
        wl_seat_add_listener(seat, seatListener, listenerData(self))
    }

    fileprivate func capabilities(_ capabilities: UInt32) {
        if capabilities & WL_SEAT_CAPABILITY_KEYBOARD.rawValue != 0, keyboard == nil {
            keyboard = wl_seat_get_keyboard(seat)
            wl_keyboard_add_listener(keyboard, keyboardListener, nil)
        }
        if capabilities & WL_SEAT_CAPABILITY_POINTER.rawValue != 0, pointer == nil {
            pointer = wl_seat_get_pointer(seat)
            wl_pointer_add_listener(pointer, pointerListener, nil)
        }
    }
}

private func point(_ x: wl_fixed_t, _ y: wl_fixed_t) -> String {
    "\(wl_fixed_to_double(x)) \(wl_fixed_to_double(y))"
}

private nonisolated(unsafe) let seatListener = fixedListener(wl_seat_listener(
    capabilities: { data, _, capabilities in (listenerObject(data) as InputReporter).capabilities(capabilities) },
    name: { _, _, _ in }
))

private nonisolated(unsafe) let keyboardListener = fixedListener(wl_keyboard_listener(
    keymap: { _, _, format, fd, size in
        close(fd)
        report("keymap \(format == WL_KEYBOARD_KEYMAP_FORMAT_XKB_V1.rawValue ? "xkb_v1" : "none") \(size)")
    },
    enter: { _, _, _, _, _ in report("keyboard enter") },
    leave: { _, _, _, _ in report("keyboard leave") },
    key: { _, _, _, _, key, state in
        report("key \(key) \(state == WL_KEYBOARD_KEY_STATE_PRESSED.rawValue ? "pressed" : "released")")
    },
    modifiers: { _, _, _, depressed, latched, locked, group in report("modifiers \(depressed) \(latched) \(locked) \(group)") },
    repeat_info: { _, _, _, _ in }
))

private nonisolated(unsafe) let pointerListener = fixedListener(wl_pointer_listener(
    enter: { _, _, _, _, x, y in report("pointer enter \(point(x, y))") },
    leave: { _, _, _, _ in report("pointer leave") },
    motion: { _, _, _, x, y in report("pointer motion \(point(x, y))") },
    button: { _, _, _, _, button, state in
        report("pointer button \(button) \(state == WL_POINTER_BUTTON_STATE_PRESSED.rawValue ? "pressed" : "released")")
    },
    axis: { _, _, _, _, _ in },
    // Only sent from wl_seat version 5 on; the reporter binds at most 4.
    frame: nil,
    axis_source: nil,
    axis_stop: nil,
    axis_discrete: nil,
    axis_value120: nil
))
