import CWaylandServer

/// The xdg_wm_base global: turns surfaces into xdg_surfaces.
package final class XdgWmBase: ResourceObject {
    package static let version: Int32 = 5
    private var global: Global?
    package weak var toplevelDelegate: ToplevelDelegate?
    package weak var popupDelegate: PopupDelegate?
    /// Maps a toplevel whose initial commit carries a buffer instead of
    /// posting xdg_surface.unconfigured_buffer, as Mir does: WLCS 1.5.0's
    /// helpers make every window that way. Only the WLCS integration sets it.
    package let toleratesBufferBeforeConfigure: Bool
    /// xdg_surfaces per wm_base resource, to refuse destroying it while they live.
    private var liveSurfaces: [OpaquePointer: Int] = [:]

    package init(display: OpaquePointer, toleratesBufferBeforeConfigure: Bool = false) {
        self.toleratesBufferBeforeConfigure = toleratesBufferBeforeConfigure
        global = Global(display: display, interface: segue_xdg_wm_base_interface(), version: Self.version) { [unowned self] client, version, id in
            Resource.create(client: client, interface: segue_xdg_wm_base_interface(), version: Int32(version), id: id,
                            implementation: Self.implementation, object: self)
        }
    }

    package func resourceDestroyed(_ resource: OpaquePointer) { liveSurfaces[resource] = nil }

    func xdgSurfaceDestroyed(wmBase: OpaquePointer?) {
        if let wmBase, let count = liveSurfaces[wmBase] { liveSurfaces[wmBase] = count > 1 ? count - 1 : nil }
    }

    nonisolated(unsafe) private static let implementation: UnsafeMutablePointer<xdg_wm_base_interface> = {
        let table = UnsafeMutablePointer<xdg_wm_base_interface>.allocate(capacity: 1)
        table.initialize(to: xdg_wm_base_interface(
            destroy: { _, resource in
                guard let resource, let base = Resource.object(resource, as: XdgWmBase.self) else { return }
                if base.liveSurfaces[resource] != nil {
                    XdgWmBaseResource(resource).postError(.defunctSurfaces, "xdg_wm_base destroyed while it still has xdg_surfaces")
                    return
                }
                wl_resource_destroy(resource)
            },
            create_positioner: { client, resource, id in
                guard let client else { return }
                XdgPositioner.create(client: client, version: wl_resource_get_version(resource), id: id)
            },
            get_xdg_surface: { client, resource, id, surfaceResource in
                guard let client, let resource, let base = Resource.object(resource, as: XdgWmBase.self),
                      let surface = Resource.object(surfaceResource, as: Surface.self) else { return }
                if let role = surface.role {
                    XdgWmBaseResource(resource).postError(.role, "wl_surface@\(wl_resource_get_id(surface.resource)) already has the role \(role.roleName)")
                    return
                }
                // Only an xdg role may follow, and a surface keeps the kind of role it first had.
                if let had = surface.roleName, had != XdgToplevel.kind, had != XdgPopup.kind {
                    XdgWmBaseResource(resource).postError(.role, "wl_surface@\(wl_resource_get_id(surface.resource)) had the role \(had)")
                    return
                }
                if surface.hasBuffer || surface.hasPendingBuffer {
                    XdgWmBaseResource(resource).postError(.invalidSurfaceState, "wl_surface@\(wl_resource_get_id(surface.resource)) has a buffer before its xdg_surface")
                    return
                }
                guard XdgSurface.create(client: client, version: wl_resource_get_version(resource), id: id,
                                        surface: surface, wmBase: base, wmBaseResource: XdgWmBaseResource(resource)) else { return }
                base.liveSurfaces[resource, default: 0] += 1
            },
            pong: { _, _, _ in }
        ))
        return table
    }()
}
