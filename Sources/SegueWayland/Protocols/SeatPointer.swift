import CWaylandServer
import SegueLoop

/// The seat's pointer: every client's wl_pointer and touchpad swipe, the
/// surface under the pointer (as the compositor finds it) and where on it,
/// the cursor its client asked for, the buttons held, and the drag that has
/// the pointer while one runs.
package final class SeatPointer {
    /// What the client under the pointer asked the pointer to look like since
    /// it entered: nil until it asks, and over no surface. During a drag, its
    /// icon, its top left at the pointer (nil: none).
    package private(set) var cursor: CursorRequest? {
        didSet { cursorChanged?() }
    }
    /// Told when `cursor` changes.
    package var cursorChanged: (() -> Void)?
    /// The data devices of a client, which a drag over its surfaces offers to.
    var dataDevices: ((OpaquePointer) -> [DataDevice])?
    /// The wl_surface resource the pointer is over, and where on it.
    private var surface: OpaquePointer?
    private var local = (x: 0.0, y: 0.0)
    private var drag: Drag?
    /// Buttons held down, and the press a drag may start from while they are.
    private var heldButtons = Set<UInt32>()
    private var lastPress: (serial: UInt32, client: OpaquePointer)?
    private let display: OpaquePointer
    private let pointers = ClientObjects<Pointer>()
    private let swipes = ClientObjects<SwipeGesture>()
    /// Who heard a touchpad swipe begin, until it ends.
    private var swipeTargets: [SwipeGesture] = []
    private lazy var surfaceDestruction = Listener { [weak self] _ in self?.surfaceDestroyed() }

    init(display: OpaquePointer) {
        self.display = display
    }

    deinit {
        surfaceDestruction.remove()
    }

    /// The drag in progress, which has the pointer until its last button is released.
    package var isDragging: Bool { drag != nil }

    /// The surface the pointer is over, as clients were told.
    package var surfaceUnder: Surface? { surface.flatMap { Resource.object($0, as: Surface.self) } }

    private func surfaceDestroyed() {
        surfaceDestruction.remove()
        surface = nil
        cursor = nil
    }

    /// wl_pointer.set_cursor from `pointer`: taken when its client is under
    /// the pointer and it answers the enter that pointer was sent last.
    func setCursor(from pointer: Pointer, serial: UInt32, surface cursorSurface: Surface?, hotspotX: Int32, hotspotY: Int32) {
        guard let under = surface, wl_resource_get_client(under) == pointer.client, serial == pointer.lastEnterSerial else { return }
        cursor = CursorRequest(surface: cursorSurface, hotspotX: Int(hotspotX), hotspotY: Int(hotspotY))
    }

    /// wp_cursor_shape_device_v1.set_shape for `pointer`: taken as set_cursor is.
    func setShape(from pointer: Pointer, serial: UInt32, shape: String) {
        guard let under = surface, wl_resource_get_client(under) == pointer.client, serial == pointer.lastEnterSerial else { return }
        cursor = CursorRequest(shape: shape)
    }

    /// The cursor's surface (or the drag's icon) committed content moved by `offset`: its hotspot moves the other way.
    package func cursorSurfaceCommitted(_ committed: Surface, movedBy offset: (x: Int, y: Int)) {
        guard let cursor, cursor.surface === committed, offset != (0, 0) else { return }
        self.cursor = CursorRequest(surface: committed, hotspotX: cursor.hotspotX - offset.x, hotspotY: cursor.hotspotY - offset.y)
    }

    /// The cursor's surface went: the client under the pointer has asked for nothing it can still show.
    package func cursorSurfaceDestroyed(_ destroyed: Surface) {
        if let cursor, cursor.surface === destroyed { self.cursor = nil }
    }

    /// The pointer is over `surface` at (x, y), local to it, or over no
    /// surface: a leave and an enter when the surface changed, else a motion
    /// when the point did.
    package func moved(over surface: Surface?, x: Double, y: Double, time: UInt32) {
        moved(overResource: surface?.resource, x: x, y: y, time: time)
    }

    private func moved(overResource new: OpaquePointer?, x: Double, y: Double, time: UInt32) {
        if let drag { return drag.moved(over: new, x: x, y: y, time: time) }
        defer { local = (x, y) }
        guard new == surface else {
            let sameClient = new.flatMap { new in surface.map { wl_resource_get_client($0) == wl_resource_get_client(new) } } ?? false
            if let old = surface {
                surfaceDestruction.remove()
                let serial = wl_display_next_serial(display)
                // Within one client, leaving one surface and entering the next is one frame.
                let entersAnother = new.map { wl_resource_get_client($0) == wl_resource_get_client(old) } ?? false
                for pointer in pointers.on(old) { pointer.leave(serial: serial, surface: old, endsFrame: !entersAnother) }
            }
            surface = new
            // Until another client under it asks, the pointer looks as the
            // compositor likes; within one client (onto its popup, say) it
            // keeps the client's cursor until the client answers the new enter.
            if !sameClient, cursor != nil { cursor = nil }
            guard let new else { return }
            surfaceDestruction.subscribe(toDestructionOfResource: new)
            let serial = wl_display_next_serial(display)
            for pointer in pointers.on(new) { pointer.enter(serial: serial, surface: new, x: x, y: y) }
            return
        }
        guard let new, (x, y) != local else { return }
        for pointer in pointers.on(new) { pointer.motion(time: time, x: x, y: y) }
    }

    /// A button (evdev code, e.g. BTN_LEFT) went down or up over the pointer's surface.
    package func button(time: UInt32, button: UInt32, pressed: Bool) {
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
        guard let surface else { return }
        let targets = pointers.on(surface)
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
              wl_resource_get_client(origin.resource) == client, let focus = surface,
              wl_resource_get_client(focus) == client else {
            source?.cancelDrag()
            return
        }
        let drag = Drag(source: source, client: client, display: display) { [unowned self] client in dataDevices?(client) ?? [] }
        drag.ended = { [unowned self] in
            self.drag = nil
            cursor = nil
        }
        // The pointer is the drag's: its surface sees it leave, and it looks like the icon.
        surfaceDestruction.remove()
        surface = nil
        cursor = icon.map { CursorRequest(surface: $0, hotspotX: 0, hotspotY: 0) }
        let leaveSerial = wl_display_next_serial(display)
        for pointer in pointers.on(focus) { pointer.leave(serial: leaveSerial, surface: focus) }
        self.drag = drag
        drag.moved(over: focus, x: local.x, y: local.y, time: MonotonicClock.milliseconds())
    }

    /// A scroll along `axis` (wl_pointer.axis) by `value` surface-local units.
    package func axis(time: UInt32, axis: UInt32, value: Double) {
        guard drag == nil, let surface else { return }
        for pointer in pointers.on(surface) { pointer.axis(time: time, axis: axis, value: value) }
    }

    /// A touchpad swipe of `fingers` began, for the client under the pointer.
    package func swipeBegin(time: UInt32, fingers: UInt32) {
        guard let surface else { return }
        let client = wl_resource_get_client(surface)
        swipeTargets = swipes.of(client)
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

    /// A client's wl_pointer; already over one of the client's surfaces, it enters it before any motion.
    func add(client: OpaquePointer, version: Int32, id: UInt32) {
        guard let pointer = Pointer(client: client, version: version, id: id, seatPointer: self) else { return }
        pointers.add(pointer)
        if let surface, wl_resource_get_client(surface) == client {
            pointer.enter(serial: wl_display_next_serial(display), surface: surface, x: local.x, y: local.y)
        }
    }

    func add(_ swipe: SwipeGesture) { swipes.add(swipe) }
}
