import CWaylandServer

/// A wl_subsurface: a surface drawn above its parent at an offset. Its state
/// applies on its own commits (desynchronized), which is what clients get
/// after set_desync and is close enough for content that follows its parent.
package final class Subsurface: ResourceObject, SurfaceRole {
    package let surface: Surface
    package private(set) weak var parent: Surface?
    package private(set) var x: Int32 = 0
    package private(set) var y: Int32 = 0
    private var pendingPosition: (Int32, Int32)?

    package var roleName: String { "wl_subsurface" }

    private init(surface: Surface, parent: Surface) {
        self.surface = surface
        self.parent = parent
    }

    static func create(client: OpaquePointer, version: Int32, id: UInt32, surface: Surface, parent: Surface,
                       subcompositor: WlSubcompositorResource) {
        let subsurface = Subsurface(surface: surface, parent: parent)
        guard surface.assign(subsurface, orPost: { subcompositor.postError(.badSurface, $0) }) else { return }
        guard Resource.create(client: client, interface: segue_wl_subsurface_interface(), version: version, id: id,
                              implementation: implementation, object: subsurface) != nil else {
            surface.clearRole(subsurface)
            return
        }
        parent.children.append(subsurface)
    }

    package func surfaceCommitted(_ surface: Surface) {}

    package func surfaceDestroyed(_ surface: Surface) { detach() }

    package func resourceDestroyed(_ resource: OpaquePointer) {
        detach()
        surface.clearRole(self)
    }

    /// The parent's commit applies a pending position, as the protocol says.
    func parentCommitted() {
        if let (x, y) = pendingPosition {
            self.x = x
            self.y = y
            pendingPosition = nil
        }
    }

    private func detach() {
        parent?.children.removeAll { $0 === self }
        parent = nil
    }

    private func restack(above: Bool, sibling: Surface?, resource: OpaquePointer?) {
        guard let parent, let sibling else { return }
        var children = parent.children
        children.removeAll { $0 === self }
        if sibling === parent {
            // Segue draws every subsurface above its parent, so both mean "lowest child".
            children.insert(self, at: 0)
        } else if let index = children.firstIndex(where: { $0.surface === sibling }) {
            children.insert(self, at: above ? index + 1 : index)
        } else {
            WlSubsurfaceResource(resource).postError(.badSurface, "the sibling is neither the parent nor a sibling")
            return
        }
        parent.children = children
    }

    nonisolated(unsafe) private static let implementation: UnsafeMutablePointer<wl_subsurface_interface> = {
        let table = UnsafeMutablePointer<wl_subsurface_interface>.allocate(capacity: 1)
        table.initialize(to: wl_subsurface_interface(
            destroy: Resource.destroy,
            set_position: { _, resource, x, y in
                Resource.object(resource, as: Subsurface.self)?.pendingPosition = (x, y)
            },
            place_above: { _, resource, sibling in
                Resource.object(resource, as: Subsurface.self)?
                    .restack(above: true, sibling: Resource.object(sibling, as: Surface.self), resource: resource)
            },
            place_below: { _, resource, sibling in
                Resource.object(resource, as: Subsurface.self)?
                    .restack(above: false, sibling: Resource.object(sibling, as: Surface.self), resource: resource)
            },
            set_sync: { _, _ in },
            set_desync: { _, _ in }
        ))
        return table
    }()
}

extension Surface {
    /// Whether `ancestor` is this surface's parent, grandparent, and so on.
    func isDescendant(of ancestor: Surface) -> Bool {
        var current = (role as? Subsurface)?.parent
        while let surface = current {
            if surface === ancestor { return true }
            current = (surface.role as? Subsurface)?.parent
        }
        return false
    }
}
