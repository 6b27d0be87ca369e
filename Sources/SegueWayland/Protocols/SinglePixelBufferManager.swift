import CWaylandServer

/// The wp_single_pixel_buffer_manager_v1 global: wl_buffers of one pixel of
/// a colour (premultiplied, 32 bits a channel), which a viewport stretches
/// over a surface: swaybg's solid backgrounds. Each is drawn as a one-pixel
/// wl_shm buffer would be.
package final class SinglePixelBufferManager {
    private let global: Global

    nonisolated(unsafe) static let implementation: UnsafeMutablePointer<wp_single_pixel_buffer_manager_v1_interface> = {
        let p = UnsafeMutablePointer<wp_single_pixel_buffer_manager_v1_interface>.allocate(capacity: 1)
        p.initialize(to: wp_single_pixel_buffer_manager_v1_interface(
            destroy: Resource.destroy,
            create_u32_rgba_buffer: { client, _, id, r, g, b, a in
                guard let client else { return }
                // The top 8 bits of each 32-bit channel.
                _ = SinglePixelBuffer(client: client, id: id, bgra: [b, g, r, a].map { UInt8($0 >> 24) })
            }))
        return p
    }()

    package init(display: OpaquePointer) {
        global = Global(display: display, interface: segue_wp_single_pixel_buffer_manager_v1_interface(), version: 1,
                        implementation: Self.implementation, owner: { Resource.inert })
    }
}

/// A wl_buffer of one pixel, made by the single-pixel buffer manager.
final class SinglePixelBuffer: ResourceObject {
    private(set) var resource: OpaquePointer?
    /// B, G, R, A, as a wl_shm buffer holds them.
    let bgra: [UInt8]

    nonisolated(unsafe) static let implementation: UnsafeMutablePointer<wl_buffer_interface> = {
        let p = UnsafeMutablePointer<wl_buffer_interface>.allocate(capacity: 1)
        p.initialize(to: wl_buffer_interface(destroy: Resource.destroy))
        return p
    }()

    init?(client: OpaquePointer, id: UInt32, bgra: [UInt8]) {
        self.bgra = bgra
        guard let resource = Resource.create(client: client, interface: segue_wl_buffer_interface(), version: 1, id: id,
                                             implementation: Self.implementation, object: self) else { return nil }
        self.resource = resource
    }

    func resourceDestroyed(_ resource: OpaquePointer) { self.resource = nil }

    /// The single-pixel buffer `resource` is, if it is one of these: a wl_buffer may be any kind.
    static func from(_ resource: OpaquePointer) -> SinglePixelBuffer? {
        guard wl_resource_instance_of(resource, segue_wl_buffer_interface(), implementation) != 0 else { return nil }
        return Resource.object(resource, as: SinglePixelBuffer.self)
    }
}
