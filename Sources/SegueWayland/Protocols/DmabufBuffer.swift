import CWaylandServer

/// A wl_buffer made from dmabufs through zwp_linux_buffer_params_v1: it holds
/// the client's description, and its files, for as long as the buffer lives
/// and whoever shows it holds on to it.
package final class DmabufBuffer: ResourceObject {
    package let attributes: DmabufAttributes
    /// Its wl_buffer; not to be used once `isDestroyed`.
    private(set) var resource: OpaquePointer?
    /// Whether the client destroyed the wl_buffer: it hears no more of it.
    private(set) var isDestroyed = false
    /// What the renderer made of it (its imported texture), kept for the
    /// buffer's life: a client hands the same few buffers over and over.
    package var imported: AnyObject?

    private init(attributes: DmabufAttributes) {
        self.attributes = attributes
    }

    package var width: Int { attributes.width }
    package var height: Int { attributes.height }
    /// Rows stored bottom first (zwp_linux_buffer_params_v1's y_invert flag).
    package var rowsBottomFirst: Bool { attributes.flags & LinuxBufferParams.yInvert != 0 }
    /// Whether its format has no alpha: a DRM fourcc code with no A in its first
    /// two letters (XR24, NV12; not AR24, RA24, AYUV).
    package var opaque: Bool {
        let first = UInt8(attributes.fourcc & 0xff), second = UInt8((attributes.fourcc >> 8) & 0xff)
        return first != UInt8(ascii: "A") && second != UInt8(ascii: "A")
    }

    /// A wl_buffer for `attributes`: `id` 0 makes a new object the server announces (create's `created`).
    @discardableResult
    static func create(client: OpaquePointer, id: UInt32, attributes: DmabufAttributes) -> OpaquePointer? {
        let buffer = DmabufBuffer(attributes: attributes)
        buffer.resource = Resource.create(client: client, interface: segue_wl_buffer_interface(), version: 1, id: id,
                                          implementation: implementation, object: buffer)
        return buffer.resource
    }

    /// The dmabuf buffer `resource` is, if it is one of these: a wl_buffer may be any kind.
    static func from(_ resource: OpaquePointer) -> DmabufBuffer? {
        guard wl_resource_instance_of(resource, segue_wl_buffer_interface(), implementation) != 0 else { return nil }
        return Resource.object(resource, as: DmabufBuffer.self)
    }

    package func resourceDestroyed(_ resource: OpaquePointer) {
        isDestroyed = true
        self.resource = nil
    }

    /// Who reads it or may yet: a surface holding it untaken, a texture
    /// shown or one a frame in flight may still be reading. It goes back to
    /// its client when the last lets go.
    private var holders = 0

    package func hold() { holders += 1 }

    /// `going`: its wl_buffer is being destroyed, and hears nothing more.
    package func letGo(going: Bool = false) {
        holders -= 1
        if holders == 0, !going, let resource, !isDestroyed { wl_buffer_send_release(resource) }
    }

    nonisolated(unsafe) private static let implementation: UnsafeMutablePointer<wl_buffer_interface> = {
        let table = UnsafeMutablePointer<wl_buffer_interface>.allocate(capacity: 1)
        table.initialize(to: wl_buffer_interface(destroy: Resource.destroy))
        return table
    }()
}
