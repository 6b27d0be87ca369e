import CWaylandServer

/// The zwp_pointer_gestures_v1 global: touchpad swipes a backend reports go to
/// the client under the pointer, unless the shell takes them for a switch.
/// Pinches are never reported (no backend has them), so a pinch object stays quiet.
package final class PointerGestures: ResourceObject {
    package static let version: Int32 = 1

    private weak var seat: Seat?
    private var global: Global?

    nonisolated(unsafe) static let implementation: UnsafeMutablePointer<zwp_pointer_gestures_v1_interface> = {
        let p = UnsafeMutablePointer<zwp_pointer_gestures_v1_interface>.allocate(capacity: 1)
        p.initialize(to: zwp_pointer_gestures_v1_interface(
            get_swipe_gesture: { client, resource, id, _ in
                guard let client, let gestures = Resource.object(resource, as: PointerGestures.self),
                      let swipe = SwipeGesture(client: client, version: wl_resource_get_version(resource), id: id) else { return }
                gestures.seat?.pointer.add(swipe)
            },
            get_pinch_gesture: { client, resource, id, _ in
                // Segue's backends report no pinches: the object only waits to be destroyed.
                guard let client else { return }
                Resource.create(client: client, interface: segue_zwp_pointer_gesture_pinch_v1_interface(),
                                version: wl_resource_get_version(resource), id: id,
                                implementation: Resource.destroyOnly, object: Resource.inert)
            },
            release: Resource.destroy,
            // Version 3's; libwayland refuses it from the version-1 resources Segue makes.
            get_hold_gesture: { _, _, _, _ in }))
        return p
    }()

    package init(display: OpaquePointer, seat: Seat) {
        self.seat = seat
        global = Global(display: display, interface: segue_zwp_pointer_gestures_v1_interface(), version: Self.version) { [weak self] client, version, id in
            guard let self else { return }
            Resource.create(client: client, interface: segue_zwp_pointer_gestures_v1_interface(), version: Int32(version),
                            id: id, implementation: Self.implementation, object: self)
        }
    }

    package func resourceDestroyed(_ resource: OpaquePointer) {}
}
