import CWaylandServer
import Glibc

/// A wl_data_offer of the selection to one client: its receive requests go
/// to the source's client.
final class DataOffer: ResourceObject {
    private(set) var resource: OpaquePointer?
    private weak var source: SelectionSource?

    nonisolated(unsafe) static let implementation: UnsafeMutablePointer<wl_data_offer_interface> = {
        let p = UnsafeMutablePointer<wl_data_offer_interface>.allocate(capacity: 1)
        p.initialize(to: wl_data_offer_interface(
            // Acceptance only steers drag-and-drop.
            accept: { _, _, _, _ in },
            receive: { _, resource, mimeType, fd in
                defer { close(fd) }
                guard let offer = Resource.object(resource, as: DataOffer.self), let mimeType,
                      let source = offer.source, source.isTheSelection else { return }
                source.send(mimeType: String(cString: mimeType), fd: fd)
            },
            destroy: Resource.destroy,
            finish: { _, resource in
                WlDataOfferResource(resource).postError(.invalidFinish, "finish is for drag-and-drop offers, not the selection")
            },
            set_actions: { _, resource, _, _ in
                WlDataOfferResource(resource).postError(.invalidOffer, "set_actions is for drag-and-drop offers, not the selection")
            }))
        return p
    }()

    /// A server-made offer (new_id 0) that the caller announces with wl_data_device.data_offer.
    init?(client: OpaquePointer, version: Int32, source: SelectionSource) {
        self.source = source
        guard let resource = Resource.create(client: client, interface: segue_wl_data_offer_interface(), version: version,
                                             id: 0, implementation: Self.implementation, object: self) else { return nil }
        self.resource = resource
    }

    func resourceDestroyed(_ resource: OpaquePointer) {
        self.resource = nil
    }
}
