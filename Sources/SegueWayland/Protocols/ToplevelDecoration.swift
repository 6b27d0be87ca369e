import CWaylandServer

/// A zxdg_toplevel_decoration_v1: one toplevel's decoration mode, always
/// client-side, whichever mode the client asks for (the protocol lets the
/// compositor decide). Each request is answered with a configure.
package final class ToplevelDecoration: ResourceObject {
    let resource: OpaquePointer
    private weak var toplevel: XdgToplevel?

    private init(resource: OpaquePointer, toplevel: XdgToplevel) {
        self.resource = resource
        self.toplevel = toplevel
    }

    static func create(client: OpaquePointer, version: Int32, id: UInt32, toplevel: XdgToplevel) {
        guard let resource = Resource.create(client: client, interface: segue_zxdg_toplevel_decoration_v1_interface(),
                                             version: version, id: id) else { return }
        let decoration = ToplevelDecoration(resource: resource, toplevel: toplevel)
        Resource.attach(resource, implementation: implementation, object: decoration)
        let errors = ZxdgToplevelDecorationV1Resource(resource)
        guard toplevel.decoration == nil else {
            return errors.postError(.alreadyConstructed, "xdg_toplevel@\(wl_resource_get_id(toplevel.resource)) already has a decoration object")
        }
        guard !toplevel.surface.hasBuffer && !toplevel.surface.hasPendingBuffer else {
            return errors.postError(.unconfiguredBuffer, "xdg_toplevel@\(wl_resource_get_id(toplevel.resource)) has a buffer already")
        }
        toplevel.decoration = decoration
        decoration.configure()
    }

    package func resourceDestroyed(_ resource: OpaquePointer) {
        if toplevel?.decoration === self { toplevel?.decoration = nil }
    }

    /// The toplevel's client asked to destroy it while this object lives.
    func orphaned() {
        ZxdgToplevelDecorationV1Resource(resource).postError(.orphaned, "xdg_toplevel destroyed before its decoration object")
    }

    /// Client-side, followed by the xdg_surface.configure that makes it take
    /// effect once the toplevel's first configure has gone.
    private func configure() {
        zxdg_toplevel_decoration_v1_send_configure(resource, ZXDG_TOPLEVEL_DECORATION_V1_MODE_CLIENT_SIDE.rawValue)
        toplevel?.decorationConfigured()
    }

    nonisolated(unsafe) private static let implementation: UnsafeMutablePointer<zxdg_toplevel_decoration_v1_interface> = {
        let table = UnsafeMutablePointer<zxdg_toplevel_decoration_v1_interface>.allocate(capacity: 1)
        table.initialize(to: zxdg_toplevel_decoration_v1_interface(
            destroy: Resource.destroy,
            set_mode: { _, resource, _ in Resource.object(resource, as: ToplevelDecoration.self)?.configure() },
            unset_mode: { _, resource in Resource.object(resource, as: ToplevelDecoration.self)?.configure() }
        ))
        return table
    }()
}
