import CWaylandClient
import Glibc
import SegueClientSupport

/// A wl_keyboard that records its keymap and every focus change, in order.
final class RawKeyboard {
    enum FocusChange: Equatable {
        case enter(OpaquePointer?)
        case leave(OpaquePointer?)
    }

    private(set) var keymapFormat: UInt32?
    private(set) var keymapSize: UInt32 = 0
    private(set) var focusChanges: [FocusChange] = []
    /// The last wl_keyboard.repeat_info: repeats a second and delay in ms.
    private(set) var keyRepeat: [Int32] = []
    /// Every key event, in order: the evdev code and whether it went down.
    private(set) var keys: [(key: UInt32, pressed: Bool)] = []

    init(keyboard: OpaquePointer) {
        wl_keyboard_add_listener(keyboard, keyboardListener, listenerData(self))
    }

    fileprivate func keymap(format: UInt32, fd: Int32, size: UInt32) {
        // Only the announcement matters here, not the keymap's text.
        close(fd)
        keymapFormat = format
        keymapSize = size
    }

    fileprivate func focus(_ change: FocusChange) { focusChanges.append(change) }
    fileprivate func repeats(rate: Int32, delay: Int32) { keyRepeat = [rate, delay] }
    fileprivate func key(_ key: UInt32, pressed: Bool) { keys.append((key, pressed)) }
}

private nonisolated(unsafe) let keyboardListener = fixedListener(wl_keyboard_listener(
    keymap: { data, _, format, fd, size in (listenerObject(data) as RawKeyboard).keymap(format: format, fd: fd, size: size) },
    enter: { data, _, _, surface, _ in (listenerObject(data) as RawKeyboard).focus(.enter(surface)) },
    leave: { data, _, _, surface in (listenerObject(data) as RawKeyboard).focus(.leave(surface)) },
    key: { data, _, _, _, key, state in (listenerObject(data) as RawKeyboard).key(key, pressed: state == 1) },
    modifiers: { _, _, _, _, _, _, _ in },
    repeat_info: { data, _, rate, delay in (listenerObject(data) as RawKeyboard).repeats(rate: rate, delay: delay) }
))
