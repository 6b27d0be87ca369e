import CWaylandServer
import SegueEngine

/// An xdg_positioner: the rules a popup is placed by, copied into the popup
/// when it is made or repositioned.
final class XdgPositioner: ResourceObject {
    private(set) var placement = PopupPlacement()
    private var hasAnchorRect = false

    /// The protocol requires both a size and an anchor rectangle.
    var isComplete: Bool { placement.width > 0 && placement.height > 0 && hasAnchorRect }

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
                p.placement.width = Int(width)
                p.placement.height = Int(height)
            },
            set_anchor_rect: { _, resource, x, y, width, height in
                guard width >= 0, height >= 0 else {
                    XdgPositionerResource(resource).postError(.invalidInput, "anchor rectangle \(width)x\(height) is negative")
                    return
                }
                guard let p = Resource.object(resource, as: XdgPositioner.self) else { return }
                p.placement.anchorRect = PixelRect(x: Int(x), y: Int(y), width: Int(width), height: Int(height))
                p.hasAnchorRect = true
            },
            set_anchor: { _, resource, anchor in
                guard anchor <= 8 else {
                    XdgPositionerResource(resource).postError(.invalidInput, "anchor \(anchor) is not an xdg_positioner.anchor")
                    return
                }
                Resource.object(resource, as: XdgPositioner.self)?.placement.anchor = anchor
            },
            set_gravity: { _, resource, gravity in
                guard gravity <= 8 else {
                    XdgPositionerResource(resource).postError(.invalidInput, "gravity \(gravity) is not an xdg_positioner.gravity")
                    return
                }
                Resource.object(resource, as: XdgPositioner.self)?.placement.gravity = gravity
            },
            set_constraint_adjustment: { _, resource, adjustment in
                // Bits xdg-shell does not define are ignored, as future ones must be.
                Resource.object(resource, as: XdgPositioner.self)?.placement.constraintAdjustment = adjustment & 0x3f
            },
            set_offset: { _, resource, x, y in
                guard let p = Resource.object(resource, as: XdgPositioner.self) else { return }
                p.placement.offsetX = Int(x)
                p.placement.offsetY = Int(y)
            },
            set_reactive: { _, _ in },
            set_parent_size: { _, _, _, _ in },
            set_parent_configure: { _, _, _ in }
        ))
        return table
    }()
}
