import CWaylandServer

/// An xdg_positioner: where a popup goes. Segue keeps the size and anchor
/// rectangle, which is all it needs to configure a popup.
final class XdgPositioner: ResourceObject {
    private(set) var width: Int32 = 0
    private(set) var height: Int32 = 0
    private(set) var anchorX: Int32 = 0
    private(set) var anchorY: Int32 = 0
    private(set) var offsetX: Int32 = 0
    private(set) var offsetY: Int32 = 0
    private var hasAnchorRect = false

    /// The protocol requires both a size and an anchor rectangle.
    var isComplete: Bool { width > 0 && height > 0 && hasAnchorRect }

    static func create(client: OpaquePointer, version: Int32, id: UInt32) {
        Resource.create(client: client, interface: segue_xdg_positioner_interface(), version: version, id: id,
                        implementation: implementation, object: XdgPositioner())
    }

    func resourceDestroyed(_ resource: OpaquePointer) {}


    nonisolated(unsafe) private static let implementation: UnsafeMutablePointer<xdg_positioner_interface> = {
        let table = UnsafeMutablePointer<xdg_positioner_interface>.allocate(capacity: 1)
        table.initialize(to: xdg_positioner_interface(
            destroy: Resource.destroy,
            set_size: { _, resource, width, height in
                guard width > 0, height > 0 else {
                    XdgPositionerResource(resource).postError(.invalidInput, "positioner size \(width)x\(height) is not positive")
                    return
                }
                guard let p = Resource.object(resource, as: XdgPositioner.self) else { return }
                p.width = width
                p.height = height
            },
            set_anchor_rect: { _, resource, x, y, width, height in
                guard width >= 0, height >= 0 else {
                    XdgPositionerResource(resource).postError(.invalidInput, "anchor rectangle \(width)x\(height) is negative")
                    return
                }
                guard let p = Resource.object(resource, as: XdgPositioner.self) else { return }
                p.anchorX = x
                p.anchorY = y
                p.hasAnchorRect = true
            },
            set_anchor: { _, resource, anchor in
                if anchor > 8 { XdgPositionerResource(resource).postError(.invalidInput, "anchor \(anchor) is not an xdg_positioner.anchor") }
            },
            set_gravity: { _, resource, gravity in
                if gravity > 8 { XdgPositionerResource(resource).postError(.invalidInput, "gravity \(gravity) is not an xdg_positioner.gravity") }
            },
            set_constraint_adjustment: { _, _, _ in },
            set_offset: { _, resource, x, y in
                guard let p = Resource.object(resource, as: XdgPositioner.self) else { return }
                p.offsetX = x
                p.offsetY = y
            },
            set_reactive: { _, _ in },
            set_parent_size: { _, _, _, _ in },
            set_parent_configure: { _, _, _ in }
        ))
        return table
    }()
}
