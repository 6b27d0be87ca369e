import CWaylandServer

/// The wp_fractional_scale_manager_v1 global: a surface's preferred scale in
/// 120ths, so a client that can draws at the output's scale exactly. Segue's
/// scales are whole, so it is the output's scale × 120, told again when that changes.
package final class FractionalScaleManager {
    private let global: Global
    /// Each surface's wp_fractional_scale_v1, one at most.
    private var scales: [ObjectIdentifier: FractionalScale] = [:]
    /// The output's scale in 120ths.
    private var preferred: UInt32

    nonisolated(unsafe) static let implementation: UnsafeMutablePointer<wp_fractional_scale_manager_v1_interface> = {
        let p = UnsafeMutablePointer<wp_fractional_scale_manager_v1_interface>.allocate(capacity: 1)
        p.initialize(to: wp_fractional_scale_manager_v1_interface(
            destroy: Resource.destroy,
            get_fractional_scale: { client, resource, id, surfaceResource in
                guard let client, let resource, let manager = Resource.object(resource, as: GlobalOwner<FractionalScaleManager>.self)?.object,
                      let surface = Resource.object(surfaceResource, as: Surface.self) else { return }
                manager.make(client: client, manager: resource, id: id, for: surface)
            }))
        return p
    }()

    package init(display: OpaquePointer, scale: Int) {
        preferred = UInt32(scale * 120)
        let owner = GlobalOwner<FractionalScaleManager>()
        global = Global(display: display, interface: segue_wp_fractional_scale_manager_v1_interface(), version: 1,
                        implementation: Self.implementation, owner: { owner })
        owner.object = self
    }

    private func make(client: OpaquePointer, manager: OpaquePointer, id: UInt32, for surface: Surface) {
        let key = ObjectIdentifier(surface)
        // One left from a surface gone, whose address this one took, does not count.
        guard scales[key]?.surface !== surface else {
            return WpFractionalScaleManagerV1Resource(manager).postError(.fractionalScaleExists, "the surface has a wp_fractional_scale_v1 already")
        }
        guard let scale = FractionalScale(client: client, id: id, surface: surface, preferred: preferred,
                                          gone: { [weak self] in self?.scales[key] = nil }) else { return }
        scales[key] = scale
    }

    /// The output's scale is `scale` now: every surface hears it.
    package func outputScaleChanged(to scale: Int) {
        let preferred = UInt32(scale * 120)
        guard preferred != self.preferred else { return }
        self.preferred = preferred
        for scale in scales.values { scale.tell(preferred) }
    }
}


/// One surface's wp_fractional_scale_v1.
final class FractionalScale: ResourceObject {
    private var resource: OpaquePointer?
    private(set) weak var surface: Surface?
    private let gone: () -> Void

    init?(client: OpaquePointer, id: UInt32, surface: Surface, preferred: UInt32, gone: @escaping () -> Void) {
        self.surface = surface
        self.gone = gone
        guard let resource = Resource.create(client: client, interface: segue_wp_fractional_scale_v1_interface(), version: 1, id: id,
                                             implementation: Resource.destroyOnly, object: self) else { return nil }
        self.resource = resource
        tell(preferred)
    }

    func tell(_ preferred: UInt32) {
        guard let resource else { return }
        wp_fractional_scale_v1_send_preferred_scale(resource, preferred)
    }

    func resourceDestroyed(_ resource: OpaquePointer) {
        self.resource = nil
        gone()
    }
}
