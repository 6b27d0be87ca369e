import CWaylandServer

/// One client's wl_touch on the seat.
package final class Touch: SeatResource {
    init?(client: OpaquePointer, version: Int32, id: UInt32) {
        super.init(client: client, interface: segue_wl_touch_interface(), version: version, id: id, implementation: Resource.destroyOnly)
    }

    // Each event is a frame of its own: Segue's touch points move one at a time.

    func down(serial: UInt32, time: UInt32, surface: OpaquePointer, id: Int32, x: Double, y: Double) {
        guard let resource else { return }
        wl_touch_send_down(resource, serial, time, surface, id, fixed(x), fixed(y))
        wl_touch_send_frame(resource)
    }

    func motion(time: UInt32, id: Int32, x: Double, y: Double) {
        guard let resource else { return }
        wl_touch_send_motion(resource, time, id, fixed(x), fixed(y))
        wl_touch_send_frame(resource)
    }

    func up(serial: UInt32, time: UInt32, id: Int32) {
        guard let resource else { return }
        wl_touch_send_up(resource, serial, time, id)
        wl_touch_send_frame(resource)
    }
}
