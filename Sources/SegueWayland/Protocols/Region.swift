import CWaylandServer

/// A wl_region. Segue shows one window full-output and takes no pointer
/// input regions into account yet, so a region only has to accept its requests.
final class Region: ResourceObject {
    static func create(client: OpaquePointer, version: Int32, id: UInt32) {
        Resource.create(client: client, interface: segue_wl_region_interface(), version: version, id: id,
                        implementation: implementation, object: Region())
    }

    func resourceDestroyed(_ resource: OpaquePointer) {}

    nonisolated(unsafe) private static let implementation: UnsafeMutablePointer<wl_region_interface> = {
        let table = UnsafeMutablePointer<wl_region_interface>.allocate(capacity: 1)
        table.initialize(to: wl_region_interface(
            destroy: Resource.destroy,
            add: { _, _, _, _, _, _ in },
            subtract: { _, _, _, _, _, _ in }
        ))
        return table
    }()
}
