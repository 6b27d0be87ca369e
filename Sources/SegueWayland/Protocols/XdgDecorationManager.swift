import CWaylandServer

/// The zxdg_decoration_manager_v1 global. Segue draws no window frames, so
/// every toplevel that asks is told to draw its own (client-side): clients
/// that would otherwise wait for, or draw nothing in hope of, server-side
/// decorations keep their title bars.
package final class XdgDecorationManager: ResourceObject {
    package static let version: Int32 = 1
    private var global: Global?

    package init(display: OpaquePointer) {
        global = Global(display: display, interface: segue_zxdg_decoration_manager_v1_interface(), version: Self.version,
                        implementation: Self.implementation, owner: { [weak self] in self })
    }

    package func resourceDestroyed(_ resource: OpaquePointer) {}

    nonisolated(unsafe) private static let implementation: UnsafeMutablePointer<zxdg_decoration_manager_v1_interface> = {
        let table = UnsafeMutablePointer<zxdg_decoration_manager_v1_interface>.allocate(capacity: 1)
        table.initialize(to: zxdg_decoration_manager_v1_interface(
            destroy: Resource.destroy,
            get_toplevel_decoration: { client, resource, id, toplevelResource in
                guard let client, let toplevel = Resource.object(toplevelResource, as: XdgToplevel.self) else { return }
                ToplevelDecoration.create(client: client, version: wl_resource_get_version(resource), id: id, toplevel: toplevel)
            }
        ))
        return table
    }()
}
