import CWaylandServer

/// The wp_viewporter global: a wp_viewport per surface, to crop and scale it.
package final class Viewporter: ResourceObject {
    package static let version: Int32 = 1
    private var global: Global?

    package init(display: OpaquePointer) {
        global = Global(display: display, interface: segue_wp_viewporter_interface(), version: Self.version,
                        implementation: Self.implementation, owner: { [weak self] in self })
    }

    package func resourceDestroyed(_ resource: OpaquePointer) {}

    nonisolated(unsafe) private static let implementation: UnsafeMutablePointer<wp_viewporter_interface> = {
        let table = UnsafeMutablePointer<wp_viewporter_interface>.allocate(capacity: 1)
        table.initialize(to: wp_viewporter_interface(
            destroy: Resource.destroy,
            get_viewport: { client, resource, id, surfaceResource in
                guard let client, let surface = Resource.object(surfaceResource, as: Surface.self) else { return }
                guard surface.viewport == nil else {
                    WpViewporterResource(resource).postError(.viewportExists, "wl_surface@\(wl_resource_get_id(surface.resource)) already has a wp_viewport")
                    return
                }
                Viewport.create(client: client, version: wl_resource_get_version(resource), id: id, surface: surface)
            }
        ))
        return table
    }()
}
