import CWaylandServer

/// A wl_subsurface: a surface drawn over or under its parent at an offset.
/// Synchronized (the default), its commits wait for its parent's state to
/// apply; desynchronized, they apply at once. Its position and place among its
/// siblings apply with its parent's state either way.
package final class Subsurface: ResourceObject, SurfaceRole {
    package let surface: Surface
    package private(set) weak var parent: Surface?
    package private(set) var x: Int32 = 0
    package private(set) var y: Int32 = 0
    private var pendingPosition: (Int32, Int32)?
    private var synchronized = true

    package var roleName: String { "wl_subsurface" }

    /// How deep subsurfaces may nest: bounds the recursion over a tree (applying
    /// cached state, placing, asking whether synchronized) that a client shapes.
    static let maximumNesting = 32

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
        parent.add(subsurface)
    }

    /// Whether its commits wait for its parent's: set so, or under a parent that is.
    var isSynchronized: Bool {
        synchronized || (parent?.role as? Subsurface)?.isSynchronized == true
    }

    package func surfaceCommitted(_ surface: Surface, _ changes: inout CommitChanges) {}

    package func surfaceDestroyed(_ surface: Surface) { detach() }

    package func resourceDestroyed(_ resource: OpaquePointer) {
        detach()
        surface.clearRole(self)
    }

    /// The parent's state applied, and with it a pending position, as the
    /// protocol says; whether the subsurface moved.
    func parentCommitted() -> Bool {
        guard let (x, y) = pendingPosition else { return false }
        pendingPosition = nil
        defer { (self.x, self.y) = (x, y) }
        return x != self.x || y != self.y
    }

    private func detach() {
        parent?.remove(self)
        parent = nil
    }

    private func restack(above: Bool, sibling: Surface?, resource: OpaquePointer?) {
        guard let parent, let sibling else { return }
        let siblingSubsurface = sibling === parent ? nil : sibling.role as? Subsurface
        guard sibling === parent || siblingSubsurface != nil,
              parent.place(self, above: above, sibling: siblingSubsurface) else {
            WlSubsurfaceResource(resource).postError(.badSurface, "the reference surface is neither the parent nor a sibling")
            return
        }
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
            set_sync: { _, resource in Resource.object(resource, as: Subsurface.self)?.synchronized = true },
            set_desync: { _, resource in
                // What it cached applies with its next commit (or its parent's, under a synchronized parent).
                Resource.object(resource, as: Subsurface.self)?.synchronized = false
            }
        ))
        return table
    }()
}

extension Surface {
    /// How many subsurfaces deep it is: 0 for a surface that is none.
    var subsurfaceDepth: Int {
        var depth = 0
        var current = (role as? Subsurface)?.parent
        while let surface = current {
            depth += 1
            current = (surface.role as? Subsurface)?.parent
        }
        return depth
    }

    /// How many levels of subsurfaces hang below it.
    var subsurfaceHeight: Int {
        subsurfaces.all.map { $0.surface.subsurfaceHeight + 1 }.max() ?? 0
    }

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
