import CWaylandServer

/// A wl_buffer made from dmabufs through zwp_linux_buffer_params_v1: it holds
/// the client's description, and its files, for as long as the buffer lives.
package final class DmabufBuffer: ResourceObject {
    package let attributes: DmabufAttributes

    private init(attributes: DmabufAttributes) {
        self.attributes = attributes
    }

    /// A wl_buffer for `attributes`: `id` 0 makes a new object the server announces (create's `created`).
    @discardableResult
    static func create(client: OpaquePointer, id: UInt32, attributes: DmabufAttributes) -> OpaquePointer? {
        Resource.create(client: client, interface: segue_wl_buffer_interface(), version: 1, id: id,
                        implementation: implementation, object: DmabufBuffer(attributes: attributes))
    }

    package func resourceDestroyed(_ resource: OpaquePointer) {}

    nonisolated(unsafe) private static let implementation: UnsafeMutablePointer<wl_buffer_interface> = {
        let table = UnsafeMutablePointer<wl_buffer_interface>.allocate(capacity: 1)
        table.initialize(to: wl_buffer_interface(destroy: Resource.destroy))
        return table
    }()
}
