import CWaylandServer

/// The wl_subcompositor global.
package final class Subcompositor: ResourceObject {
    package static let version: Int32 = 1
    private var global: Global?

    package init(display: OpaquePointer) {
        global = Global(display: display, interface: segue_wl_subcompositor_interface(), version: Self.version,
                        implementation: Self.implementation, owner: { [weak self] in self })
    }

    package func resourceDestroyed(_ resource: OpaquePointer) {}

    nonisolated(unsafe) private static let implementation: UnsafeMutablePointer<wl_subcompositor_interface> = {
        let table = UnsafeMutablePointer<wl_subcompositor_interface>.allocate(capacity: 1)
        table.initialize(to: wl_subcompositor_interface(
            destroy: Resource.destroy,
            get_subsurface: { client, resource, id, surfaceResource, parentResource in
                guard let client, let resource, let surface = Resource.object(surfaceResource, as: Surface.self),
                      let parent = Resource.object(parentResource, as: Surface.self) else { return }
                guard surface !== parent, !parent.isDescendant(of: surface) else {
                    WlSubcompositorResource(resource).postError(.badSurface, "a surface cannot be its own parent or ancestor")
                    return
                }
                guard parent.subsurfaceDepth + 1 + surface.subsurfaceHeight <= Subsurface.maximumNesting else {
                    WlSubcompositorResource(resource).postError(.badSurface, "subsurfaces nested more than \(Subsurface.maximumNesting) deep")
                    return
                }
                Subsurface.create(client: client, version: wl_resource_get_version(resource), id: id,
                                  surface: surface, parent: parent, subcompositor: WlSubcompositorResource(resource))
            }
        ))
        return table
    }()
}
