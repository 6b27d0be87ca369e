import CWaylandServer

/// The wl_seat global "seat0": its keyboard, which follows the surface the
/// compositor focuses, its pointer and touch, which go to the surfaces under
/// them as the compositor finds them, and the two selections its data
/// devices and primary selection devices share.
public final class Seat: ResourceObject {
    package static let version: Int32 = 7
    package static let name = "seat0"

    package let keyboard: SeatKeyboard
    package let pointer: SeatPointer
    package let touch: SeatTouch
    package let clipboard = Clipboard(takesOnlyFromFocus: true, clearsOnFocusLoss: false)
    package let primarySelection = Clipboard(takesOnlyFromFocus: false, clearsOnFocusLoss: true)
    private var global: Global?
    private var resources: [OpaquePointer] = []

    nonisolated(unsafe) static let implementation: UnsafeMutablePointer<wl_seat_interface> = {
        let p = UnsafeMutablePointer<wl_seat_interface>.allocate(capacity: 1)
        p.initialize(to: wl_seat_interface(
            get_pointer: { client, resource, id in
                guard let client, let resource, let seat = Resource.object(resource, as: Seat.self) else { return }
                seat.pointer.add(client: client, version: wl_resource_get_version(resource), id: id)
            },
            get_keyboard: { client, resource, id in
                guard let client, let resource, let seat = Resource.object(resource, as: Seat.self) else { return }
                seat.keyboard.add(client: client, version: wl_resource_get_version(resource), id: id)
            },
            get_touch: { client, resource, id in
                guard let client, let resource, let seat = Resource.object(resource, as: Seat.self) else { return }
                seat.touch.add(client: client, version: wl_resource_get_version(resource), id: id)
            },
            release: Resource.destroy))
        return p
    }()

    /// Publishes the seat, with a keyboard when there is a `keymap`.
    package init(display: OpaquePointer, keymap: Keymap?) throws {
        keyboard = try SeatKeyboard(display: display, keymap: keymap)
        pointer = SeatPointer(display: display)
        touch = SeatTouch(display: display)
        keyboard.focusChanged = { [unowned clipboard, unowned primarySelection] client in
            for selection in [clipboard, primarySelection] { selection.focus(client: client) }
        }
        pointer.dataDevices = { [unowned clipboard] client in clipboard.devices(of: client).compactMap { $0 as? DataDevice } }
        global = Global(display: display, interface: segue_wl_seat_interface(), version: Self.version) { [weak self] client, version, id in
            self?.bind(client: client, version: Int32(version), id: id)
        }
    }

    /// Moves keyboard focus to `surface`, or to nothing.
    package func focus(_ surface: Surface?) { keyboard.focus(resource: surface?.resource) }

    /// Replaces the keymap, e.g. with the parent compositor's, and sends it to every keyboard.
    /// Modifiers start released; the keyboard's next modifier state sets them.
    /// The first keymap of a seat that had none gives it its keyboard.
    package func use(_ keymap: Keymap) throws {
        guard try keyboard.use(keymap) else { return }
        for resource in resources { wl_seat_send_capabilities(resource, capabilities) }
    }

    package func resourceDestroyed(_ resource: OpaquePointer) {
        resources.removeAll { $0 == resource }
    }

    private func bind(client: OpaquePointer, version: Int32, id: UInt32) {
        guard let resource = Resource.create(client: client, interface: segue_wl_seat_interface(), version: version, id: id,
                                             implementation: Self.implementation, object: self) else { return }
        resources.append(resource)
        wl_seat_send_capabilities(resource, capabilities)
        if version >= WL_SEAT_NAME_SINCE_VERSION { wl_seat_send_name(resource, Self.name) }
    }

    private var capabilities: UInt32 {
        WL_SEAT_CAPABILITY_POINTER.rawValue | WL_SEAT_CAPABILITY_TOUCH.rawValue
            | (keyboard.keymap == nil ? 0 : WL_SEAT_CAPABILITY_KEYBOARD.rawValue)
    }
}
