import CWaylandServer
import CXKBCommon

/// The seat's keyboard: the keymap and its xkb state, every client's
/// wl_keyboard, and the surface with keyboard focus, which only the
/// compositor moves. Without a keymap (no keymap files, and no parent's
/// yet) the seat has no keyboard.
package final class SeatKeyboard {
    /// Keys repeat 25 times a second after 600 ms held, unless told otherwise.
    package static let defaultRepeat = (rate: 25, delay: 600)

    /// The wl_surface resource with keyboard focus.
    package private(set) var focusedSurface: OpaquePointer?
    /// How held keys repeat: times a second (0: never) and the delay in milliseconds.
    package private(set) var repeatInfo = SeatKeyboard.defaultRepeat
    /// Told of the client whose surface has focus now (nil: none), as focus moves or its surface goes.
    var focusChanged: ((OpaquePointer?) -> Void)?
    private let display: OpaquePointer
    package private(set) var keymap: Keymap?
    private var xkbState: OpaquePointer?
    private let keyboards = ClientObjects<Keyboard>()
    private lazy var focusDestruction = Listener { [weak self] _ in self?.focusedSurfaceDestroyed() }

    init(display: OpaquePointer, keymap: Keymap?) throws {
        self.display = display
        if let keymap {
            guard let state = xkb_state_new(keymap.xkbKeymap) else { throw ServerError("cannot create the xkb state") }
            self.keymap = keymap
            xkbState = state
        }
    }

    deinit {
        focusDestruction.remove()
        if let xkbState { xkb_state_unref(xkbState) }
    }

    /// Moves keyboard focus to the surface `surface`, or to nothing.
    func focus(resource surface: OpaquePointer?) {
        guard surface != focusedSurface else { return }
        if let old = focusedSurface {
            focusDestruction.remove()
            let client = wl_resource_get_client(old)
            let serial = wl_display_next_serial(display)
            for keyboard in keyboards.of(client) { keyboard.leave(serial: serial, surface: old) }
        }
        focusedSurface = surface
        // Clients hear of the selection just before they get keyboard focus.
        focusChanged?(surface.map { wl_resource_get_client($0) })
        guard let surface else { return }
        focusDestruction.subscribe(toDestructionOfResource: surface)
        let client = wl_resource_get_client(surface)
        let serial = wl_display_next_serial(display)
        for keyboard in keyboards.of(client) { keyboard.enter(serial: serial, surface: surface, modifiers: modifiers) }
    }

    /// The client has already seen its surface go; nothing is left to tell it.
    private func focusedSurfaceDestroyed() {
        focusDestruction.remove()
        focusedSurface = nil
        focusChanged?(nil)
    }

    /// Held keys repeat `rate` times a second after `delay` ms from now on: every keyboard hears it.
    package func setRepeat(rate: Int, delay: Int) {
        guard (rate, delay) != repeatInfo else { return }
        repeatInfo = (rate, delay)
        for keyboard in keyboards.all { keyboard.sendRepeatInfo(rate: Int32(rate), delay: Int32(delay)) }
    }

    /// Replaces the keymap, e.g. with the parent compositor's, and sends it
    /// to every keyboard; modifiers start released. Whether the seat had none.
    func use(_ keymap: Keymap) throws -> Bool {
        guard let state = xkb_state_new(keymap.xkbKeymap) else { throw ServerError("cannot create the xkb state") }
        if let xkbState { xkb_state_unref(xkbState) }
        let gained = self.keymap == nil
        xkbState = state
        self.keymap = keymap
        for keyboard in keyboards.all { keyboard.sendKeymap(keymap) }
        return gained
    }

    /// A key (evdev code) went down or up.
    package func key(time: UInt32, key: UInt32, pressed: Bool) {
        // xkb keycodes are evdev codes offset by 8.
        guard let xkbState else { return }
        let changed = xkb_state_update_key(xkbState, key + 8, pressed ? XKB_KEY_DOWN : XKB_KEY_UP).rawValue
        let focused = focusedKeyboards
        guard !focused.isEmpty else { return }
        let serial = wl_display_next_serial(display)
        for keyboard in focused { keyboard.key(serial: serial, time: time, key: key, pressed: pressed) }
        send(modifiersChangedIn: changed, to: focused)
    }

    /// The modifier state changed as a whole, as wl_keyboard.modifiers reports it
    /// from a parent compositor.
    package func modifiers(depressed: UInt32, latched: UInt32, locked: UInt32, group: UInt32) {
        guard let xkbState else { return }
        let changed = xkb_state_update_mask(xkbState, depressed, latched, locked, 0, 0, group).rawValue
        send(modifiersChangedIn: changed, to: focusedKeyboards)
    }

    /// The modifiers held now, as key bindings name them.
    package var heldModifiers: KeyModifiers {
        var held: KeyModifiers = []
        guard let xkbState else { return held }
        for (name, modifier) in KeyModifiers.xkbNames
        where xkb_state_mod_name_is_active(xkbState, name, XKB_STATE_MODS_EFFECTIVE) > 0 {
            held.insert(modifier)
        }
        return held
    }

    /// How a key reads for key bindings: its keysym with no modifier applied, so
    /// Shift+Tab is still Tab, and the modifiers held with it.
    package func bindingKey(for key: UInt32) -> (keysym: UInt32, modifiers: KeyModifiers) {
        guard let keymap, let xkbState else { return (0, []) }
        let keycode = key + 8
        let layout = xkb_state_key_get_layout(xkbState, keycode)
        var symbols: UnsafePointer<xkb_keysym_t>?
        let count = xkb_keymap_key_get_syms_by_level(keymap.xkbKeymap, keycode, layout == XKB_LAYOUT_INVALID ? 0 : layout,
                                                     0, &symbols)
        let keysym = count > 0 ? symbols?.pointee ?? 0 : 0
        return (keysym, heldModifiers)
    }

    /// A client's wl_keyboard: it hears the keymap and the repeat, and enters
    /// the focused surface at once if that is its client's.
    func add(client: OpaquePointer, version: Int32, id: UInt32) {
        guard let keyboard = Keyboard(client: client, version: version, id: id) else { return }
        keyboards.add(keyboard)
        if let keymap { keyboard.sendKeymap(keymap) }
        keyboard.sendRepeatInfo(rate: Int32(repeatInfo.rate), delay: Int32(repeatInfo.delay))
        if let surface = focusedSurface, wl_resource_get_client(surface) == client {
            keyboard.enter(serial: wl_display_next_serial(display), surface: surface, modifiers: modifiers)
        }
    }

    private var focusedKeyboards: [Keyboard] { focusedSurface.map(keyboards.on) ?? [] }

    private func send(modifiersChangedIn changed: UInt32, to keyboards: [Keyboard]) {
        let serialised = XKB_STATE_MODS_DEPRESSED.rawValue | XKB_STATE_MODS_LATCHED.rawValue
            | XKB_STATE_MODS_LOCKED.rawValue | XKB_STATE_LAYOUT_EFFECTIVE.rawValue
        guard changed & serialised != 0, !keyboards.isEmpty else { return }
        let serial = wl_display_next_serial(display)
        let modifiers = self.modifiers
        for keyboard in keyboards { keyboard.send(modifiers, serial: serial) }
    }

    private var modifiers: KeyboardModifiers {
        guard let xkbState else { return KeyboardModifiers(depressed: 0, latched: 0, locked: 0, group: 0) }
        return KeyboardModifiers(depressed: xkb_state_serialize_mods(xkbState, XKB_STATE_MODS_DEPRESSED),
                                 latched: xkb_state_serialize_mods(xkbState, XKB_STATE_MODS_LATCHED),
                                 locked: xkb_state_serialize_mods(xkbState, XKB_STATE_MODS_LOCKED),
                                 group: xkb_state_serialize_layout(xkbState, XKB_STATE_LAYOUT_EFFECTIVE))
    }
}
