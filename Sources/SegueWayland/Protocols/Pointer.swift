import CWaylandServer

/// One client's wl_pointer on the seat.
package final class Pointer: SeatResource {
    /// The seat's pointer, which takes its cursor requests.
    private(set) weak var seatPointer: SeatPointer?
    /// The serial of the enter this pointer was sent last, which set_cursor answers.
    private(set) var lastEnterSerial: UInt32?

    nonisolated(unsafe) static let implementation: UnsafeMutablePointer<wl_pointer_interface> = {
        let p = UnsafeMutablePointer<wl_pointer_interface>.allocate(capacity: 1)
        p.initialize(to: wl_pointer_interface(
            // The seat decides whether the request counts; the backend shows it, where it has a pointer.
            set_cursor: { _, resource, serial, surfaceResource, hotspotX, hotspotY in
                guard let resource, let pointer = Resource.object(resource, as: Pointer.self) else { return }
                var surface: Surface?
                if let surfaceResource {
                    guard let cursor = Resource.object(surfaceResource, as: Surface.self),
                          UndrawnRole.assign(UndrawnRole.cursor, to: cursor, orPost: { WlPointerResource(resource).postError(.role, $0) })
                    else { return }
                    surface = cursor
                }
                pointer.seatPointer?.setCursor(from: pointer, serial: serial, surface: surface, hotspotX: hotspotX, hotspotY: hotspotY)
            },
            release: Resource.destroy))
        return p
    }()

    init?(client: OpaquePointer, version: Int32, id: UInt32, seatPointer: SeatPointer) {
        self.seatPointer = seatPointer
        super.init(client: client, interface: segue_wl_pointer_interface(), version: version, id: id, implementation: Self.implementation)
    }

    package func enter(serial: UInt32, surface: OpaquePointer, x: Double, y: Double) {
        guard let resource else { return }
        lastEnterSerial = serial
        wl_pointer_send_enter(resource, serial, surface, fixed(x), fixed(y))
        frame()
    }

    package func leave(serial: UInt32, surface: OpaquePointer, endsFrame: Bool = true) {
        guard let resource else { return }
        wl_pointer_send_leave(resource, serial, surface)
        if endsFrame { frame() }
    }

    package func motion(time: UInt32, x: Double, y: Double) {
        guard let resource else { return }
        wl_pointer_send_motion(resource, time, fixed(x), fixed(y))
        frame()
    }

    package func button(serial: UInt32, time: UInt32, button: UInt32, pressed: Bool) {
        guard let resource else { return }
        let state = pressed ? WL_POINTER_BUTTON_STATE_PRESSED : WL_POINTER_BUTTON_STATE_RELEASED
        wl_pointer_send_button(resource, serial, time, button, state.rawValue)
        frame()
    }

    package func axis(time: UInt32, axis: UInt32, value: Double) {
        guard let resource else { return }
        wl_pointer_send_axis(resource, time, axis, fixed(value))
        frame()
    }

    /// Ends a group of pointer events, for clients new enough to expect it.
    private func frame() {
        guard let resource, wl_resource_get_version(resource) >= WL_POINTER_FRAME_SINCE_VERSION else { return }
        wl_pointer_send_frame(resource)
    }
}
