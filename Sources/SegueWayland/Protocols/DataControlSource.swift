import CWaylandServer

/// A client's zwlr_data_control_source_v1: the mime types it can give, set
/// once as a selection through a data control device.
final class DataControlSource: ResourceObject, SelectionSource {
    private(set) var resource: OpaquePointer?
    private(set) var mimeTypes = MimeTypes()
    weak var clipboard: Clipboard?
    /// Set as a selection already: it may not be again, nor offer more.
    var used = false

    nonisolated(unsafe) static let implementation: UnsafeMutablePointer<zwlr_data_control_source_v1_interface> = {
        let p = UnsafeMutablePointer<zwlr_data_control_source_v1_interface>.allocate(capacity: 1)
        p.initialize(to: zwlr_data_control_source_v1_interface(
            offer: { _, resource, mimeType in
                guard let resource, let source = Resource.object(resource, as: DataControlSource.self), let mimeType else { return }
                guard !source.used else {
                    return ZwlrDataControlSourceV1Resource(resource).postError(.invalidOffer, "a mime type offered after the source was set")
                }
                source.mimeTypes.offer(String(cString: mimeType))
            },
            destroy: Resource.destroy))
        return p
    }()

    init?(client: OpaquePointer, version: Int32, id: UInt32) {
        guard let resource = Resource.create(client: client, interface: segue_zwlr_data_control_source_v1_interface(),
                                             version: min(version, 1), id: id, implementation: Self.implementation, object: self)
        else { return nil }
        self.resource = resource
    }

    func resourceDestroyed(_ resource: OpaquePointer) {
        self.resource = nil
        clipboard?.sourceDestroyed(self)
    }

    var isAlive: Bool { resource != nil }

    func send(mimeType: String, fd: Int32) {
        guard let resource else { return }
        zwlr_data_control_source_v1_send_send(resource, mimeType, fd)
    }

    func cancel() {
        guard let resource else { return }
        zwlr_data_control_source_v1_send_cancelled(resource)
    }
}
