import CWaylandServer
import CXKBCommon
import SegueLoop

/// The wl_seat global "seat0": a keyboard that follows the surface the
/// compositor focuses, a pointer and touch points that go to the surfaces
/// under them, as the compositor finds them.
public final class Seat: ResourceObject {
    package static let version: Int32 = 7
    package static let name = "seat0"
    /// Keys repeat 25 times a second after 600 ms held, unless told otherwise.
    package static let defaultRepeat = (rate: 25, delay: 600)

    /// The selections its data devices and primary selection devices share.
    package let clipboard = Clipboard(takesOnlyFromFocus: true, clearsOnFocusLoss: false)
    package let primarySelection = Clipboard(takesOnlyFromFocus: false, clearsOnFocusLoss: true)
    /// The wl_surface resource with keyboard focus.
    public private(set) var focusedSurface: OpaquePointer?
    /// The wl_surface resource the pointer is over, and where on it.
    private(set) var pointerSurface: OpaquePointer?
    private var pointerLocal = (x: 0.0, y: 0.0)
    /// How held keys repeat: times a second (0: never) and the delay in milliseconds.
    package private(set) var keyRepeat = Seat.defaultRepeat
    /// What the client under the pointer asked the pointer to look like since
    /// it entered: nil until it asks, and over no surface. During a drag, its
    /// icon, its top left at the pointer (nil: none).
    package private(set) var cursor: CursorRequest? {
        didSet { cursorChanged?() }
    }
    /// Told when `cursor` changes.
    package var cursorChanged: (() -> Void)?
    /// The drag in progress, which has the pointer until its last button is released.
    package var isDragging: Bool { drag != nil }
    private var drag: Drag?
    /// Pointer buttons held down, and the press a drag may start from while they are.
    private var heldButtons = Set<UInt32>()
    private var lastPress: (serial: UInt32, client: OpaquePointer)?

    private let display: OpaquePointer
    /// Without one (no keymap files, and no parent's yet) the seat has no keyboard.
    private var keymap: Keymap?
    private var xkbState: OpaquePointer?
    private var global: Global?
    private var resources: [OpaquePointer] = []
    private var keyboards: [Keyboard] = []
    private var pointers: [Pointer] = []
    private var touches: [Touch] = []
    private var swipes: [SwipeGesture] = []
    /// Who heard a touchpad swipe begin, until it ends.
    private var swipeTargets: [SwipeGesture] = []
    /// The surface each touch point went down on, by touch id.
    private var touchPoints: [Int32: (surface: OpaquePointer, destruction: Listener)] = [:]
    private lazy var focusDestruction = Listener { [weak self] _ in self?.focusedSurfaceDestroyed() }
    private lazy var pointerSurfaceDestruction = Listener { [weak self] _ in self?.pointerSurfaceDestroyed() }

    nonisolated(unsafe) static let implementation: UnsafeMutablePointer<wl_seat_interface> = {
        let p = UnsafeMutablePointer<wl_seat_interface>.allocate(capacity: 1)
        p.initialize(to: wl_seat_interface(
            get_pointer: { client, resource, id in
                guard let client, let resource, let seat = Resource.object(resource, as: Seat.self) else { return }
                seat.addPointer(client: client, version: wl_resource_get_version(resource), id: id)
            },
            get_keyboard: { client, resource, id in
                guard let client, let resource, let seat = Resource.object(resource, as: Seat.self) else { return }
                seat.addKeyboard(client: client, version: wl_resource_get_version(resource), id: id)
            },
            get_touch: { client, resource, id in
                guard let client, let resource, let seat = Resource.object(resource, as: Seat.self) else { return }
                seat.addTouch(client: client, version: wl_resource_get_version(resource), id: id)
            },
            release: Resource.destroy))
        return p
    }()

    /// Publishes the seat, with a keyboard when there is a `keymap`.
    package init(display: OpaquePointer, keymap: Keymap?) throws {
        self.display = display
        if let keymap {
            guard let state = xkb_state_new(keymap.xkbKeymap) else { throw ServerError("cannot create the xkb state") }
            self.keymap = keymap
            xkbState = state
        }
        global = Global(display: display, interface: segue_wl_seat_interface(), version: Self.version) { [weak self] client, version, id in
            self?.bind(client: client, version: Int32(version), id: id)
        }
    }

    deinit {
        focusDestruction.remove()
        pointerSurfaceDestruction.remove()
        for point in touchPoints.values { point.destruction.remove() }
        if let xkbState { xkb_state_unref(xkbState) }
    }

    // MARK: Focus

    /// Moves keyboard focus to `surface`, or to nothing.
    package func focus(_ surface: Surface?) { focus(resource: surface?.resource) }

    private func focus(resource surface: OpaquePointer?) {
        guard surface != focusedSurface else { return }
        if let old = focusedSurface {
            focusDestruction.remove()
            let client = wl_resource_get_client(old)
            let serial = wl_display_next_serial(display)
            for keyboard in keyboards where keyboard.client == client { keyboard.leave(serial: serial, surface: old) }
        }
        focusedSurface = surface
        // Clients hear of the selection just before they get keyboard focus.
        for selection in [clipboard, primarySelection] { selection.focus(client: surface.map { wl_resource_get_client($0) }) }
        guard let surface else { return }
        focusDestruction.subscribe(toDestructionOfResource: surface)
        let client = wl_resource_get_client(surface)
        let keyboardSerial = wl_display_next_serial(display)
        for keyboard in keyboards where keyboard.client == client {
            keyboard.enter(serial: keyboardSerial, surface: surface, modifiers: modifiers)
        }
    }

    /// The client has already seen its surface go; nothing is left to tell it.
    private func focusedSurfaceDestroyed() {
        focusDestruction.remove()
        focusedSurface = nil
        for selection in [clipboard, primarySelection] { selection.focus(client: nil) }
    }

    private func pointerSurfaceDestroyed() {
        pointerSurfaceDestruction.remove()
        pointerSurface = nil
        cursor = nil
    }

    /// Held keys repeat `rate` times a second after `delay` ms from now on: every keyboard hears it.
    package func setKeyRepeat(rate: Int, delay: Int) {
        guard (rate, delay) != keyRepeat else { return }
        keyRepeat = (rate, delay)
        for keyboard in keyboards { keyboard.sendRepeatInfo(rate: Int32(rate), delay: Int32(delay)) }
    }

    /// wl_pointer.set_cursor from `pointer`: taken when its client is under
    /// the pointer and it answers the enter that pointer was sent last.
    func setCursor(from pointer: Pointer, serial: UInt32, surface: Surface?, hotspotX: Int32, hotspotY: Int32) {
        guard let under = pointerSurface, wl_resource_get_client(under) == pointer.client, serial == pointer.lastEnterSerial else { return }
        cursor = CursorRequest(surface: surface, hotspotX: Int(hotspotX), hotspotY: Int(hotspotY))
    }

    /// The cursor's surface (or the drag's icon) committed content moved by `offset`: its hotspot moves the other way.
    package func cursorSurfaceCommitted(_ surface: Surface) {
        guard let cursor, cursor.surface === surface, surface.committedOffset != (0, 0) else { return }
        self.cursor = CursorRequest(surface: surface, hotspotX: cursor.hotspotX - surface.committedOffset.x,
                                    hotspotY: cursor.hotspotY - surface.committedOffset.y)
    }

    /// The cursor's surface went: the client under the pointer has asked for nothing it can still show.
    package func cursorSurfaceDestroyed(_ surface: Surface) {
        if let cursor, cursor.surface === surface { self.cursor = nil }
    }

    // MARK: Input

    /// Replaces the keymap, e.g. with the parent compositor's, and sends it to every keyboard.
    /// Modifiers start released; the keyboard's next modifier state sets them.
    /// The first keymap of a seat that had none gives it its keyboard.
    package func use(_ keymap: Keymap) throws {
        guard let state = xkb_state_new(keymap.xkbKeymap) else { throw ServerError("cannot create the xkb state") }
        if let xkbState { xkb_state_unref(xkbState) }
        let gainsKeyboard = self.keymap == nil
        xkbState = state
        self.keymap = keymap
        for keyboard in keyboards { keyboard.sendKeymap(keymap) }
        if gainsKeyboard { for resource in resources { wl_seat_send_capabilities(resource, capabilities) } }
    }

    /// A key (evdev code) went down or up.
    package func keyboardKey(time: UInt32, key: UInt32, pressed: Bool) {
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
    package func keyboardModifiers(depressed: UInt32, latched: UInt32, locked: UInt32, group: UInt32) {
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

    /// The pointer is over `surface` at (x, y), local to it, or over no
    /// surface: a leave and an enter when the surface changed, else a motion
    /// when the point did.
    package func pointerMoved(over surface: Surface?, x: Double, y: Double, time: UInt32) {
        pointerMoved(overResource: surface?.resource, x: x, y: y, time: time)
    }

    private func pointerMoved(overResource surface: OpaquePointer?, x: Double, y: Double, time: UInt32) {
        if let drag { return drag.moved(over: surface, x: x, y: y, time: time) }
        defer { pointerLocal = (x, y) }
        guard surface == pointerSurface else {
            let sameClient = surface.flatMap { new in pointerSurface.map { wl_resource_get_client($0) == wl_resource_get_client(new) } } ?? false
            if let old = pointerSurface {
                pointerSurfaceDestruction.remove()
                let serial = wl_display_next_serial(display)
                // Within one client, leaving one surface and entering the next is one frame.
                let entersAnother = surface.map { wl_resource_get_client($0) == wl_resource_get_client(old) } ?? false
                for pointer in pointers(of: old) { pointer.leave(serial: serial, surface: old, endsFrame: !entersAnother) }
            }
            pointerSurface = surface
            // Until another client under it asks, the pointer looks as the
            // compositor likes; within one client (onto its popup, say) it
            // keeps the client's cursor until the client answers the new enter.
            if !sameClient, cursor != nil { cursor = nil }
            guard let surface else { return }
            pointerSurfaceDestruction.subscribe(toDestructionOfResource: surface)
            let serial = wl_display_next_serial(display)
            for pointer in pointers(of: surface) { pointer.enter(serial: serial, surface: surface, x: x, y: y) }
            return
        }
        guard let surface, (x, y) != pointerLocal else { return }
        for pointer in pointers(of: surface) { pointer.motion(time: time, x: x, y: y) }
    }

    /// A button (evdev code, e.g. BTN_LEFT) went down or up over the pointer's surface.
    package func pointerButton(time: UInt32, button: UInt32, pressed: Bool) {
        if pressed { heldButtons.insert(button) } else { heldButtons.remove(button) }
        if heldButtons.isEmpty { lastPress = nil }
        if let drag {
            // The drag has the pointer: its last release drops it, and no client hears the buttons.
            if heldButtons.isEmpty {
                self.drag = nil
                cursor = nil
                drag.release()
            }
            return
        }
        guard let surface = pointerSurface else { return }
        let targets = pointers(of: surface)
        guard !targets.isEmpty else { return }
        let serial = wl_display_next_serial(display)
        if pressed { lastPress = (serial, wl_resource_get_client(surface)) }
        for pointer in targets { pointer.button(serial: serial, time: time, button: button, pressed: pressed) }
    }

    /// wl_data_device.start_drag from `client`: taken while a button it was
    /// sent the press of (`serial`) is held with the pointer over its surfaces;
    /// otherwise the source is cancelled, so the client stops waiting for the drag.
    func startDrag(source: DataSource?, origin: Surface, icon: Surface?, serial: UInt32, client: OpaquePointer) {
        // A source already the selection or a drag's stays what it is.
        guard source.map({ $0.clipboard == nil && $0.drag == nil }) ?? true else { return }
        guard drag == nil, let press = lastPress, press.serial == serial, press.client == client,
              wl_resource_get_client(origin.resource) == client, let focus = pointerSurface,
              wl_resource_get_client(focus) == client else {
            source?.cancelDrag()
            return
        }
        let drag = Drag(source: source, client: client, display: display) { [unowned self] client in
            clipboard.devices(of: client).compactMap { $0 as? DataDevice }
        }
        drag.ended = { [unowned self] in
            self.drag = nil
            cursor = nil
        }
        // The pointer is the drag's: its surface sees it leave, and it looks like the icon.
        pointerSurfaceDestruction.remove()
        pointerSurface = nil
        cursor = icon.map { CursorRequest(surface: $0, hotspotX: 0, hotspotY: 0) }
        let leaveSerial = wl_display_next_serial(display)
        for pointer in pointers(of: focus) { pointer.leave(serial: leaveSerial, surface: focus) }
        self.drag = drag
        drag.moved(over: focus, x: pointerLocal.x, y: pointerLocal.y, time: MonotonicClock.milliseconds())
    }

    /// A scroll along `axis` (wl_pointer.axis) by `value` surface-local units.
    package func pointerAxis(time: UInt32, axis: UInt32, value: Double) {
        guard drag == nil, let surface = pointerSurface else { return }
        for pointer in pointers(of: surface) { pointer.axis(time: time, axis: axis, value: value) }
    }

    /// A touchpad swipe of `fingers` began, for the client under the pointer.
    package func swipeBegin(time: UInt32, fingers: UInt32) {
        guard let surface = pointerSurface else { return }
        let client = wl_resource_get_client(surface)
        swipeTargets = swipes.filter { $0.client == client }
        let serial = wl_display_next_serial(display)
        for swipe in swipeTargets { swipe.begin(serial: serial, time: time, surface: surface, fingers: fingers) }
    }

    /// The swipe moved by (dx, dy), in surface units.
    package func swipeUpdate(time: UInt32, dx: Double, dy: Double) {
        for swipe in swipeTargets { swipe.update(time: time, dx: dx, dy: dy) }
    }

    /// The swipe ended, or was cancelled.
    package func swipeEnd(time: UInt32, cancelled: Bool) {
        let targets = swipeTargets
        swipeTargets.removeAll()
        guard !targets.isEmpty else { return }
        let serial = wl_display_next_serial(display)
        for swipe in targets { swipe.end(serial: serial, time: time, cancelled: cancelled) }
    }

    /// Touch point `id` went down on `surface` at (x, y), local to it.
    package func touchDown(on surface: Surface, id: Int32, x: Double, y: Double, time: UInt32) {
        touchDown(onResource: surface.resource, id: id, x: x, y: y, time: time)
    }

    private func touchDown(onResource surface: OpaquePointer, id: Int32, x: Double, y: Double, time: UInt32) {
        guard touchPoints[id] == nil else { return }
        // A surface going away under a touch point lifts it, as the client sees it.
        let destruction = Listener { [weak self] _ in
            self?.touchUp(id: id, time: MonotonicClock.milliseconds())
        }
        destruction.subscribe(toDestructionOfResource: surface)
        touchPoints[id] = (surface, destruction)
        let serial = wl_display_next_serial(display)
        for touch in touches(of: surface) { touch.down(serial: serial, time: time, surface: surface, id: id, x: x, y: y) }
    }

    /// Touch point `id` moved to (x, y), local to the surface it went down on.
    package func touchMotion(id: Int32, x: Double, y: Double, time: UInt32) {
        guard let surface = touchPoints[id]?.surface else { return }
        for touch in touches(of: surface) { touch.motion(time: time, id: id, x: x, y: y) }
    }

    /// Touch point `id` lifted.
    package func touchUp(id: Int32, time: UInt32) {
        guard let (surface, destruction) = touchPoints.removeValue(forKey: id) else { return }
        destruction.remove()
        let serial = wl_display_next_serial(display)
        for touch in touches(of: surface) { touch.up(serial: serial, time: time, id: id) }
    }

    /// The surface touch point `id` went down on, while it is down and the surface lives.
    package func touchSurface(id: Int32) -> Surface? { touchPoints[id].flatMap { Resource.object($0.surface, as: Surface.self) } }

    /// The surface the pointer is over, as clients were told.
    package var surfaceUnderPointer: Surface? { pointerSurface.flatMap { Resource.object($0, as: Surface.self) } }

    // MARK: Resources

    package func resourceDestroyed(_ resource: OpaquePointer) {
        resources.removeAll { $0 == resource }
    }

    func keyboardDestroyed(_ keyboard: Keyboard) {
        keyboards.removeAll { $0 === keyboard }
    }

    func pointerDestroyed(_ pointer: Pointer) {
        pointers.removeAll { $0 === pointer }
    }

    func touchDestroyed(_ touch: Touch) {
        touches.removeAll { $0 === touch }
    }

    func add(_ swipe: SwipeGesture) { swipes.append(swipe) }

    func remove(_ swipe: SwipeGesture) { swipes.removeAll { $0 === swipe } }

    private func bind(client: OpaquePointer, version: Int32, id: UInt32) {
        guard let resource = Resource.create(client: client, interface: segue_wl_seat_interface(), version: version, id: id,
                                             implementation: Self.implementation, object: self) else { return }
        resources.append(resource)
        wl_seat_send_capabilities(resource, capabilities)
        if version >= WL_SEAT_NAME_SINCE_VERSION { wl_seat_send_name(resource, Self.name) }
    }

    private var capabilities: UInt32 {
        WL_SEAT_CAPABILITY_POINTER.rawValue | WL_SEAT_CAPABILITY_TOUCH.rawValue | (keymap == nil ? 0 : WL_SEAT_CAPABILITY_KEYBOARD.rawValue)
    }

    private func addKeyboard(client: OpaquePointer, version: Int32, id: UInt32) {
        guard let keyboard = Keyboard(client: client, version: version, id: id, seat: self) else { return }
        keyboards.append(keyboard)
        if let keymap { keyboard.sendKeymap(keymap) }
        keyboard.sendRepeatInfo(rate: Int32(keyRepeat.rate), delay: Int32(keyRepeat.delay))
        if let surface = focusedSurface, wl_resource_get_client(surface) == client {
            keyboard.enter(serial: wl_display_next_serial(display), surface: surface, modifiers: modifiers)
        }
    }

    private func addPointer(client: OpaquePointer, version: Int32, id: UInt32) {
        guard let pointer = Pointer(client: client, version: version, id: id, seat: self) else { return }
        pointers.append(pointer)
        // Already over one of the client's surfaces: the new pointer enters it before any motion.
        if let surface = pointerSurface, wl_resource_get_client(surface) == client {
            pointer.enter(serial: wl_display_next_serial(display), surface: surface, x: pointerLocal.x, y: pointerLocal.y)
        }
    }

    private func addTouch(client: OpaquePointer, version: Int32, id: UInt32) {
        guard let touch = Touch(client: client, version: version, id: id, seat: self) else { return }
        touches.append(touch)
    }

    private var focusedClient: OpaquePointer? {
        focusedSurface.map { wl_resource_get_client($0) }
    }

    private var focusedKeyboards: [Keyboard] {
        guard let client = focusedClient else { return [] }
        return keyboards.filter { $0.client == client }
    }

    private func pointers(of surface: OpaquePointer) -> [Pointer] {
        let client = wl_resource_get_client(surface)
        return pointers.filter { $0.client == client }
    }

    private func touches(of surface: OpaquePointer) -> [Touch] {
        let client = wl_resource_get_client(surface)
        return touches.filter { $0.client == client }
    }

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
