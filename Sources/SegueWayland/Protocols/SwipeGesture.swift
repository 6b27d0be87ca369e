import CWaylandServer

/// One client's zwp_pointer_gesture_swipe_v1 on the seat's pointer.
package final class SwipeGesture: SeatResource {
    init?(client: OpaquePointer, version: Int32, id: UInt32) {
        super.init(client: client, interface: segue_zwp_pointer_gesture_swipe_v1_interface(), version: version, id: id,
                   implementation: Resource.destroyOnly)
    }

    func begin(serial: UInt32, time: UInt32, surface: OpaquePointer, fingers: UInt32) {
        guard let resource else { return }
        zwp_pointer_gesture_swipe_v1_send_begin(resource, serial, time, surface, fingers)
    }

    func update(time: UInt32, dx: Double, dy: Double) {
        guard let resource else { return }
        zwp_pointer_gesture_swipe_v1_send_update(resource, time, fixed(dx), fixed(dy))
    }

    func end(serial: UInt32, time: UInt32, cancelled: Bool) {
        guard let resource else { return }
        zwp_pointer_gesture_swipe_v1_send_end(resource, serial, time, cancelled ? 1 : 0)
    }
}
