import CWaylandServer

/// One client's wl_touch on the seat.
package final class Touch: ResourceObject {
    package let client: OpaquePointer
    package private(set) var resource: OpaquePointer?
    private weak var seat: Seat?

    nonisolated(unsafe) static let implementation: UnsafeMutablePointer<wl_touch_interface> = {
        let p = UnsafeMutablePointer<wl_touch_interface>.allocate(capacity: 1)
        p.initialize(to: wl_touch_interface(release: Resource.destroy))
        return p
    }()

    package init?(client: OpaquePointer, version: Int32, id: UInt32, seat: Seat) {
        self.client = client
        self.seat = seat
        guard let resource = Resource.create(client: client, interface: segue_wl_touch_interface(), version: version,
                                             id: id, implementation: Self.implementation, object: self) else { return nil }
        self.resource = resource
    }

    package func resourceDestroyed(_ resource: OpaquePointer) {
        self.resource = nil
        seat?.touch.destroyed(self)
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
