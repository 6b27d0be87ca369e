import CWaylandServer

/// One client's zwp_pointer_gesture_swipe_v1 on the seat's pointer.
package final class SwipeGesture: SeatResource {

    nonisolated(unsafe) static let implementation: UnsafeMutablePointer<zwp_pointer_gesture_swipe_v1_interface> = {
        let p = UnsafeMutablePointer<zwp_pointer_gesture_swipe_v1_interface>.allocate(capacity: 1)
        p.initialize(to: zwp_pointer_gesture_swipe_v1_interface(destroy: Resource.destroy))
        return p
    }()

    init?(client: OpaquePointer, version: Int32, id: UInt32) {
        super.init(client: client, interface: segue_zwp_pointer_gesture_swipe_v1_interface(), version: version, id: id,
                   implementation: Self.implementation)
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
