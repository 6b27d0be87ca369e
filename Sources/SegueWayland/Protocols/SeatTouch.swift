import CWaylandServer
import SegueLoop

/// The seat's touch: every client's wl_touch, and the surface each touch
/// point went down on, which has that point until it lifts.
package final class SeatTouch {
    private let display: OpaquePointer
    private let touches = ClientObjects<Touch>()
    /// The surface each touch point went down on, by touch id.
    private var points: [Int32: (surface: OpaquePointer, destruction: Listener)] = [:]

    init(display: OpaquePointer) {
        self.display = display
    }

    deinit {
        for point in points.values { point.destruction.remove() }
    }

    /// Touch point `id` went down on `surface` at (x, y), local to it.
    package func down(on surface: Surface, id: Int32, x: Double, y: Double, time: UInt32) {
        guard points[id] == nil else { return }
        let resource = surface.resource
        // A surface going away under a touch point lifts it, as the client sees it.
        let destruction = Listener { [weak self] _ in
            self?.up(id: id, time: MonotonicClock.milliseconds())
        }
        destruction.subscribe(toDestructionOfResource: resource)
        points[id] = (resource, destruction)
        let serial = wl_display_next_serial(display)
        for touch in touches.on(resource) { touch.down(serial: serial, time: time, surface: resource, id: id, x: x, y: y) }
    }

    /// Touch point `id` moved to (x, y), local to the surface it went down on.
    package func motion(id: Int32, x: Double, y: Double, time: UInt32) {
        guard let surface = points[id]?.surface else { return }
        for touch in touches.on(surface) { touch.motion(time: time, id: id, x: x, y: y) }
    }

    /// Touch point `id` lifted.
    package func up(id: Int32, time: UInt32) {
        guard let (surface, destruction) = points.removeValue(forKey: id) else { return }
        destruction.remove()
        let serial = wl_display_next_serial(display)
        for touch in touches.on(surface) { touch.up(serial: serial, time: time, id: id) }
    }

    /// The surface touch point `id` went down on, while it is down and the surface lives.
    package func surface(id: Int32) -> Surface? { points[id].flatMap { Resource.object($0.surface, as: Surface.self) } }

    func add(client: OpaquePointer, version: Int32, id: UInt32) {
        guard let touch = Touch(client: client, version: version, id: id) else { return }
        touches.add(touch)
    }
}
