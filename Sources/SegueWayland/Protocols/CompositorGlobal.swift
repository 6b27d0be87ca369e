import CWaylandServer

/// The wl_compositor global: makes surfaces and regions.
package final class CompositorGlobal {
    package static let version: Int32 = 5
    private var global: Global?
    /// Called for every new surface, so the compositor can watch its commits.
    private let onSurface: (Surface) -> Void

    package init(display: OpaquePointer, onSurface: @escaping (Surface) -> Void) {
        self.onSurface = onSurface
        global = Global(display: display, interface: segue_wl_compositor_interface(), version: Self.version) { [unowned self] client, version, id in
            Resource.create(client: client, interface: segue_wl_compositor_interface(), version: Int32(version), id: id,
                            implementation: Self.implementation, object: self)
        }
    }

    nonisolated(unsafe) private static let implementation: UnsafeMutablePointer<wl_compositor_interface> = {
        let table = UnsafeMutablePointer<wl_compositor_interface>.allocate(capacity: 1)
        table.initialize(to: wl_compositor_interface(
            create_surface: { client, resource, id in
                guard let client, let global = Resource.object(resource, as: CompositorGlobal.self) else { return }
                let version = wl_resource_get_version(resource)
                guard let surface = Surface(client: client, version: version, id: id) else { return }
                global.onSurface(surface)
            },
            create_region: { client, resource, id in
                guard let client else { return }
                ClientRegion.create(client: client, version: wl_resource_get_version(resource), id: id)
            }
        ))
        return table
    }()
}

extension CompositorGlobal: ResourceObject {
    package func resourceDestroyed(_ resource: OpaquePointer) {}
}
