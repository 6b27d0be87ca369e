import CWaylandServer
import SegueEngine

/// A wl_region: the shape a client builds and wl_surface.set_opaque_region
/// or set_input_region copies (what the surface covers, and where pointer
/// and touch reach it).
final class ClientRegion: ResourceObject {
    private(set) var shape = RegionShape()

    static func create(client: OpaquePointer, version: Int32, id: UInt32) {
        Resource.create(client: client, interface: segue_wl_region_interface(), version: version, id: id,
                        implementation: implementation, object: ClientRegion())
    }

    func resourceDestroyed(_ resource: OpaquePointer) {}

    nonisolated(unsafe) private static let implementation: UnsafeMutablePointer<wl_region_interface> = {
        let table = UnsafeMutablePointer<wl_region_interface>.allocate(capacity: 1)
        table.initialize(to: wl_region_interface(
            destroy: Resource.destroy,
            add: { _, resource, x, y, width, height in
                Resource.object(resource, as: ClientRegion.self)?.shape.add(PixelRect(x: Int(x), y: Int(y), width: Int(width), height: Int(height)))
            },
            subtract: { _, resource, x, y, width, height in
                Resource.object(resource, as: ClientRegion.self)?.shape.subtract(PixelRect(x: Int(x), y: Int(y), width: Int(width), height: Int(height)))
            }
        ))
        return table
    }()
}
