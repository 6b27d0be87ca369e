import CWaylandServer
import SegueEngine

/// A wl_region: its shape, which wl_surface.set_opaque_region copies. Input
/// regions are accepted and unused: one window fills the output.
final class Region: ResourceObject {
    private(set) var shape = RegionShape()

    static func create(client: OpaquePointer, version: Int32, id: UInt32) {
        Resource.create(client: client, interface: segue_wl_region_interface(), version: version, id: id,
                        implementation: implementation, object: Region())
    }

    func resourceDestroyed(_ resource: OpaquePointer) {}

    nonisolated(unsafe) private static let implementation: UnsafeMutablePointer<wl_region_interface> = {
        let table = UnsafeMutablePointer<wl_region_interface>.allocate(capacity: 1)
        table.initialize(to: wl_region_interface(
            destroy: Resource.destroy,
            add: { _, resource, x, y, width, height in
                Resource.object(resource, as: Region.self)?.shape.add(PixelRect(x: Int(x), y: Int(y), width: Int(width), height: Int(height)))
            },
            subtract: { _, resource, x, y, width, height in
                Resource.object(resource, as: Region.self)?.shape.subtract(PixelRect(x: Int(x), y: Int(y), width: Int(width), height: Int(height)))
            }
        ))
        return table
    }()
}
