import CWaylandClient
import Glibc
import Logging
import SegueBackend
import SegueClientSupport
import SegueLoop

/// The parent seat's keyboard and pointer as Segue's input events: the parent's
/// keymap as it is, keys and buttons as they come, pointer positions in output
/// pixels, and touchpad swipes where the parent offers zwp_pointer_gestures_v1.
/// What they do (key bindings, gestures, the client they go to) is the shell's to say.
final class ParentInput {
    /// Where input goes; nothing is reported until it is set.
    var events: ((InputEvent) -> Void)?
    /// Parent surface coordinates times `scale` are output pixels.
    var scale = 1.0
    /// What the pointer looks like over the window; nil where the parent offers no wl_shm for it.
    var cursor: ParentCursor?
    /// The serial of the latest keyboard enter, key or button the parent sent:
    /// what a selection set on the parent answers.
    private(set) var lastSerial: UInt32?

    /// The parent's wl_seat.
    let proxy: OpaquePointer
    private let log: Logger
    private var keyboard: OpaquePointer?
    private var pointer: OpaquePointer?
    private let pointerGestures: OpaquePointer?
    private var swipe: OpaquePointer?
    /// Between a swipe's begin and end: one torn down meanwhile ends cancelled.
    private var swiping = false

    init(seat: OpaquePointer, pointerGestures: OpaquePointer?, log: Logger) {
        proxy = seat
        self.pointerGestures = pointerGestures
        self.log = log
        wl_seat_add_listener(seat, Self.seatListener, listenerData(self))
    }

    func destroy() {
        if let swipe { zwp_pointer_gesture_swipe_v1_destroy(swipe) }
        if let keyboard { wl_keyboard_destroy(keyboard) }
        cursor?.left()
        if let pointer { wl_pointer_destroy(pointer) }
        (keyboard, pointer, swipe) = (nil, nil, nil)
        wl_seat_destroy(proxy)
    }

    private func capabilities(_ capabilities: UInt32) {
        let hasKeyboard = capabilities & WL_SEAT_CAPABILITY_KEYBOARD.rawValue != 0
        if hasKeyboard, keyboard == nil {
            keyboard = wl_seat_get_keyboard(proxy)
            wl_keyboard_add_listener(keyboard, Self.keyboardListener, listenerData(self))
        } else if !hasKeyboard, let keyboard {
            events?(.keyboardLeft)
            wl_keyboard_destroy(keyboard)
            self.keyboard = nil
        }
        let hasPointer = capabilities & WL_SEAT_CAPABILITY_POINTER.rawValue != 0
        if hasPointer, pointer == nil {
            pointer = wl_seat_get_pointer(proxy)
            wl_pointer_add_listener(pointer, Self.pointerListener, listenerData(self))
            if let pointerGestures, let swipe = zwp_pointer_gestures_v1_get_swipe_gesture(pointerGestures, pointer) {
                self.swipe = swipe
                zwp_pointer_gesture_swipe_v1_add_listener(swipe, Self.swipeListener, listenerData(self))
            }
        } else if !hasPointer, let pointer {
            if let swipe { zwp_pointer_gesture_swipe_v1_destroy(swipe) }
            swipe = nil
            if swiping { swiped(.swipeEnd(time: MonotonicClock.milliseconds(), cancelled: true)) }
            cursor?.left()
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
        // The text ends at its terminating NUL, or at the end of the mapping.
        let bytes = UnsafeRawBufferPointer(start: text, count: Int(size))
        events?(.keymap(String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)))
    }

    // MARK: Pointer

    private func swiped(_ event: InputEvent) {
        switch event {
        case .swipeBegin: swiping = true
        case .swipeEnd: swiping = false
        default: break
        }
        events?(event)
    }

    private func pointerMoved(time: UInt32, x: wl_fixed_t, y: wl_fixed_t) {
        events?(.pointerMotion(time: time, x: wl_fixed_to_double(x) * scale, y: wl_fixed_to_double(y) * scale))
    }

    // MARK: Listeners

    nonisolated(unsafe) private static let seatListener = fixedListener(wl_seat_listener(
        capabilities: { data, _, capabilities in (listenerObject(data) as ParentInput).capabilities(capabilities) },
        name: { _, _, _ in }
    ))

    nonisolated(unsafe) private static let keyboardListener = fixedListener(wl_keyboard_listener(
        keymap: { data, _, format, fd, size in
            (listenerObject(data) as ParentInput).keymap(format: format, fd: fd, size: size)
        },
        // Keys already down as the window gains focus were pressed elsewhere: clients hear of none.
        enter: { data, _, serial, _, _ in (listenerObject(data) as ParentInput).lastSerial = serial },
        leave: { data, _, _, _ in (listenerObject(data) as ParentInput).events?(.keyboardLeft) },
        key: { data, _, serial, time, key, state in
            let input = listenerObject(data) as ParentInput
            input.lastSerial = serial
            input.events?(.key(time: time, key: key, pressed: state == WL_KEYBOARD_KEY_STATE_PRESSED.rawValue))
        },
        modifiers: { data, _, _, depressed, latched, locked, group in
            (listenerObject(data) as ParentInput).events?(.modifiers(depressed: depressed, latched: latched,
                                                                      locked: locked, group: group))
        },
        // The session's repeat, for Segue's clients too, unless Segue's config sets one.
        repeat_info: { data, _, rate, delay in
            (listenerObject(data) as ParentInput).events?(.keyRepeat(rate: Int(max(rate, 0)), delay: Int(max(delay, 1))))
        }
    ))

    nonisolated(unsafe) private static let swipeListener = fixedListener(zwp_pointer_gesture_swipe_v1_listener(
        begin: { data, _, _, time, _, fingers in (listenerObject(data) as ParentInput).swiped(.swipeBegin(time: time, fingers: fingers)) },
        update: { data, _, time, dx, dy in
            let input = listenerObject(data) as ParentInput
            input.events?(.swipeUpdate(time: time, dx: wl_fixed_to_double(dx) * input.scale, dy: wl_fixed_to_double(dy) * input.scale))
        },
        end: { data, _, _, time, cancelled in
            (listenerObject(data) as ParentInput).swiped(.swipeEnd(time: time, cancelled: cancelled != 0))
        }
    ))

    nonisolated(unsafe) private static let pointerListener = fixedListener(wl_pointer_listener(
        // Entering is a move to where the pointer came in; clients already hold
        // pointer focus. The parent asks for a cursor at each enter.
        enter: { data, pointer, serial, _, x, y in
            let input = listenerObject(data) as ParentInput
            input.pointerMoved(time: MonotonicClock.milliseconds(), x: x, y: y)
            if let pointer { input.cursor?.entered(pointer, serial: serial) }
        },
        leave: { data, _, _, _ in (listenerObject(data) as ParentInput).cursor?.left() },
        motion: { data, _, time, x, y in (listenerObject(data) as ParentInput).pointerMoved(time: time, x: x, y: y) },
        button: { data, _, serial, time, button, state in
            let input = listenerObject(data) as ParentInput
            input.lastSerial = serial
            input.events?(.pointerButton(time: time, button: button, pressed: state == WL_POINTER_BUTTON_STATE_PRESSED.rawValue))
        },
        axis: { data, _, time, axis, value in
            let input = listenerObject(data) as ParentInput
            input.events?(.pointerAxis(time: time, axis: axis, value: wl_fixed_to_double(value) * input.scale))
        },
        // Segue's seat ends each event with its own frame, and sends no axis details.
        frame: { _, _ in },
        axis_source: { _, _, _ in },
        axis_stop: { _, _, _, _ in },
        axis_discrete: { _, _, _, _ in },
        axis_value120: { _, _, _, _ in }
    ))
}
