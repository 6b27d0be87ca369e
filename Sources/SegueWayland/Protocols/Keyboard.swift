import CWaylandServer
import Glibc

/// xkb's serialised modifier state, as wl_keyboard.modifiers carries it.
package struct KeyboardModifiers {
    package var depressed: UInt32
    package var latched: UInt32
    package var locked: UInt32
    package var group: UInt32
}

/// One client's wl_keyboard on the seat.
package final class Keyboard: SeatResource {
    init?(client: OpaquePointer, version: Int32, id: UInt32) {
        super.init(client: client, interface: segue_wl_keyboard_interface(), version: version, id: id, implementation: Resource.destroyOnly)
    }

    func sendKeymap(_ keymap: Keymap) {
        guard let resource else { return }
        let format = WL_KEYBOARD_KEYMAP_FORMAT_XKB_V1.rawValue
        // From v7 clients must map the keymap MAP_PRIVATE, so they all share the sealed file.
        if wl_resource_get_version(resource) >= 7 {
            wl_keyboard_send_keymap(resource, format, keymap.fd, keymap.size)
            return
        }
        let fd = keymap.openReadOnly()
        guard fd >= 0 else {
            wl_client_post_no_memory(client)
            return
        }
        wl_keyboard_send_keymap(resource, format, fd, keymap.size)
        close(fd)
    }

    func sendRepeatInfo(rate: Int32, delay: Int32) {
        guard let resource, wl_resource_get_version(resource) >= WL_KEYBOARD_REPEAT_INFO_SINCE_VERSION else { return }
        wl_keyboard_send_repeat_info(resource, rate, delay)
    }

    package func enter(serial: UInt32, surface: OpaquePointer, modifiers: KeyboardModifiers) {
        guard let resource else { return }
        // No keys are reported held: the client hears of presses from here on.
        var keys = wl_array()
        wl_keyboard_send_enter(resource, serial, surface, &keys)
        send(modifiers, serial: serial)
    }

    package func leave(serial: UInt32, surface: OpaquePointer) {
        guard let resource else { return }
        wl_keyboard_send_leave(resource, serial, surface)
    }

    package func key(serial: UInt32, time: UInt32, key: UInt32, pressed: Bool) {
        guard let resource else { return }
        let state = pressed ? WL_KEYBOARD_KEY_STATE_PRESSED : WL_KEYBOARD_KEY_STATE_RELEASED
        wl_keyboard_send_key(resource, serial, time, key, state.rawValue)
    }

    package func send(_ modifiers: KeyboardModifiers, serial: UInt32) {
        guard let resource else { return }
        wl_keyboard_send_modifiers(resource, serial, modifiers.depressed, modifiers.latched, modifiers.locked, modifiers.group)
    }
}
