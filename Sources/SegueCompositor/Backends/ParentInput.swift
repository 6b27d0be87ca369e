import CWaylandClient
import CWaylandServer
import Glibc
import Logging
import SegueConfig

/// The parent seat's keyboard and pointer, forwarded to Segue's seat and so to
/// the shown window: the parent's keymap goes to clients as it is, key bindings
/// are taken out, and pointer positions become local to the shown surface.
final class ParentInput {
    /// Where input goes; nothing is forwarded until it is set. Weak: the seat's
    /// global must go with the display, before the backend does.
    weak var seat: Seat?
    /// The key bindings in force, read at each key press: a reloaded config applies at once.
    var keyBindings: () -> KeyBindings = { .defaults }
    var onBinding: ((SwitchDirection) -> Void)?
    /// Parent surface coordinates times `scale` are output pixels.
    var scale = 1.0
    var outputSize = (width: 0, height: 0)

    private let proxy: OpaquePointer
    private let log: Logger
    private var keyboard: OpaquePointer?
    private var pointer: OpaquePointer?
    /// Keys whose press went to a client: only their releases follow.
    private var forwardedKeys: Set<UInt32> = []
    /// Keys whose press was a binding: their releases are not forwarded either.
    private var boundKeys: Set<UInt32> = []
    /// `keyBindings` as last resolved against xkb, redone when they change.
    private var resolved: (keys: KeyBindings, bindings: [(binding: KeyBinding, direction: SwitchDirection)])?

    init(seat: OpaquePointer, log: Logger) {
        proxy = seat
        self.log = log
        wl_seat_add_listener(seat, Self.seatListener, listenerData(self))
    }

    func destroy() {
        if let keyboard { wl_keyboard_destroy(keyboard) }
        if let pointer { wl_pointer_destroy(pointer) }
        (keyboard, pointer) = (nil, nil)
        wl_seat_destroy(proxy)
    }

    private func capabilities(_ capabilities: UInt32) {
        let hasKeyboard = capabilities & WL_SEAT_CAPABILITY_KEYBOARD.rawValue != 0
        if hasKeyboard, keyboard == nil {
            keyboard = wl_seat_get_keyboard(proxy)
            wl_keyboard_add_listener(keyboard, Self.keyboardListener, listenerData(self))
        } else if !hasKeyboard, let keyboard {
            keyboardLeft()
            wl_keyboard_destroy(keyboard)
            self.keyboard = nil
        }
        let hasPointer = capabilities & WL_SEAT_CAPABILITY_POINTER.rawValue != 0
        if hasPointer, pointer == nil {
            pointer = wl_seat_get_pointer(proxy)
            wl_pointer_add_listener(pointer, Self.pointerListener, listenerData(self))
        } else if !hasPointer, let pointer {
            wl_pointer_destroy(pointer)
            self.pointer = nil
        }
    }

    // MARK: Keyboard

    private func keymap(format: UInt32, fd: Int32, size: UInt32) {
        defer { close(fd) }
        guard format == WL_KEYBOARD_KEYMAP_FORMAT_XKB_V1.rawValue, size > 0 else { return }
        // The parent may have sealed the file against writes: map it private and read-only.
        guard let text = mmap(nil, Int(size), PROT_READ, MAP_PRIVATE, fd, 0), text != MAP_FAILED else {
            return log.warning("cannot read the parent compositor's keymap: \(String(cString: strerror(errno)))")
        }
        defer { munmap(text, Int(size)) }
        do {
            try seat?.use(Keymap(text: text.assumingMemoryBound(to: CChar.self)))
        } catch {
            log.warning("keeping Segue's own keymap: \(error)")
        }
    }

    private func key(time: UInt32, key: UInt32, pressed: Bool) {
        guard let seat else { return }
        if pressed {
            let (keysym, modifiers) = seat.bindingKey(for: key)
            if let bound = bindings().first(where: { $0.binding.matches(keysym: keysym, modifiers: modifiers) }) {
                boundKeys.insert(key)
                onBinding?(bound.direction)
                return
            }
            forwardedKeys.insert(key)
        } else {
            boundKeys.remove(key)
            guard forwardedKeys.remove(key) != nil else { return }
        }
        seat.keyboardKey(time: time, key: key, pressed: pressed)
    }

    /// A key name xkb does not know is logged, once, and its binding does nothing.
    private func bindings() -> [(binding: KeyBinding, direction: SwitchDirection)] {
        let keys = keyBindings()
        if let resolved, resolved.keys == keys { return resolved.bindings }
        let bindings = [(keys.switchNext, SwitchDirection.next), (keys.switchPrev, .prev)].compactMap { chord, direction in
            do {
                return (try KeyBinding(chord), direction)
            } catch {
                log.warning("\(error)")
                return nil
            }
        }
        resolved = (keys, bindings)
        return bindings
    }

    /// Segue's window lost the parent's keyboard: keys held there are up for clients.
    private func keyboardLeft() {
        let time = UInt32(truncatingIfNeeded: MonotonicClock.now().nanoseconds / 1_000_000)
        for key in forwardedKeys.sorted() { seat?.keyboardKey(time: time, key: key, pressed: false) }
        forwardedKeys.removeAll()
        boundKeys.removeAll()
        seat?.keyboardModifiers(depressed: 0, latched: 0, locked: 0, group: 0)
    }

    // MARK: Pointer

    /// Parent surface coordinates to the focused surface's: scaled to output
    /// pixels, less the offset of a window centred because it is smaller than the output.
    private func surfacePoint(_ x: wl_fixed_t, _ y: wl_fixed_t) -> (x: Double, y: Double) {
        var point = (x: wl_fixed_to_double(x) * scale, y: wl_fixed_to_double(y) * scale)
        if let surface = Resource.object(seat?.focusedSurface, as: Surface.self) {
            point.x -= Double((outputSize.width - surface.width) / 2)
            point.y -= Double((outputSize.height - surface.height) / 2)
        }
        return point
    }

    private func pointerMoved(time: UInt32, x: wl_fixed_t, y: wl_fixed_t) {
        let point = surfacePoint(x, y)
        seat?.pointerMotion(time: time, x: point.x, y: point.y)
    }

    // MARK: Listeners

    nonisolated(unsafe) private static let seatListener = listenerTable(wl_seat_listener(
        capabilities: { data, _, capabilities in (listenerOwner(data) as ParentInput?)?.capabilities(capabilities) },
        name: { _, _, _ in }
    ))

    nonisolated(unsafe) private static let keyboardListener = listenerTable(wl_keyboard_listener(
        keymap: { data, _, format, fd, size in
            guard let input = listenerOwner(data) as ParentInput? else {
                close(fd)
                return
            }
            input.keymap(format: format, fd: fd, size: size)
        },
        // Keys already down as the window gains focus were pressed elsewhere: clients hear of none.
        enter: { _, _, _, _, _ in },
        leave: { data, _, _, _ in (listenerOwner(data) as ParentInput?)?.keyboardLeft() },
        key: { data, _, _, time, key, state in
            (listenerOwner(data) as ParentInput?)?.key(time: time, key: key, pressed: state == WL_KEYBOARD_KEY_STATE_PRESSED.rawValue)
        },
        modifiers: { data, _, _, depressed, latched, locked, group in
            (listenerOwner(data) as ParentInput?)?.seat?.keyboardModifiers(depressed: depressed, latched: latched,
                                                                           locked: locked, group: group)
        },
        // Segue's seat tells clients its own repeat rate.
        repeat_info: { _, _, _, _ in }
    ))

    nonisolated(unsafe) private static let pointerListener = listenerTable(wl_pointer_listener(
        // Entering is a move to where the pointer came in; clients already hold pointer focus.
        enter: { data, _, _, _, x, y in
            let time = UInt32(truncatingIfNeeded: MonotonicClock.now().nanoseconds / 1_000_000)
            (listenerOwner(data) as ParentInput?)?.pointerMoved(time: time, x: x, y: y)
        },
        leave: { _, _, _, _ in },
        motion: { data, _, time, x, y in (listenerOwner(data) as ParentInput?)?.pointerMoved(time: time, x: x, y: y) },
        button: { data, _, _, time, button, state in
            (listenerOwner(data) as ParentInput?)?.seat?.pointerButton(time: time, button: button,
                                                                      pressed: state == WL_POINTER_BUTTON_STATE_PRESSED.rawValue)
        },
        axis: { data, _, time, axis, value in
            guard let input = listenerOwner(data) as ParentInput? else { return }
            input.seat?.pointerAxis(time: time, axis: axis, value: wl_fixed_to_double(value) * input.scale)
        },
        // Segue's seat ends each event with its own frame, and sends no axis details.
        frame: { _, _ in },
        axis_source: { _, _, _ in },
        axis_stop: { _, _, _, _ in },
        axis_discrete: { _, _, _, _ in },
        axis_value120: { _, _, _, _ in }
    ))
}
