import CWaylandServer

/// A client's zwp_primary_selection_source_v1: the mime types it can provide,
/// and the client to ask for the data.
final class PrimarySelectionSource: ResourceObject, SelectionSource {
    private(set) var resource: OpaquePointer?
    private(set) var mimeTypes = MimeTypes()
    weak var clipboard: Clipboard?

    nonisolated(unsafe) static let implementation: UnsafeMutablePointer<zwp_primary_selection_source_v1_interface> = {
        let p = UnsafeMutablePointer<zwp_primary_selection_source_v1_interface>.allocate(capacity: 1)
        p.initialize(to: zwp_primary_selection_source_v1_interface(
            offer: { _, resource, mimeType in
                guard let source = Resource.object(resource, as: PrimarySelectionSource.self), let mimeType else { return }
                source.mimeTypes.offer(String(cString: mimeType))
            },
            destroy: Resource.destroy))
        return p
    }()

    init?(client: OpaquePointer, version: Int32, id: UInt32) {
        guard let resource = Resource.create(client: client, interface: segue_zwp_primary_selection_source_v1_interface(),
                                             version: version, id: id, implementation: Self.implementation, object: self)
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
        zwp_primary_selection_source_v1_send_send(resource, mimeType, fd)
    }

    func cancel() {
        guard let resource else { return }
        zwp_primary_selection_source_v1_send_cancelled(resource)
    }
}
