import CWaylandServer
import Glibc

/// A zwlr_data_control_offer_v1 of a selection to a data control client:
/// its receive requests go to the source's client while it is the selection.
final class DataControlOffer: ResourceObject {
    private(set) var resource: OpaquePointer?
    private weak var source: SelectionSource?

    nonisolated(unsafe) static let implementation: UnsafeMutablePointer<zwlr_data_control_offer_v1_interface> = {
        let p = UnsafeMutablePointer<zwlr_data_control_offer_v1_interface>.allocate(capacity: 1)
        p.initialize(to: zwlr_data_control_offer_v1_interface(
            receive: { _, resource, mimeType, fd in
                defer { close(fd) }
                guard let offer = Resource.object(resource, as: DataControlOffer.self), let mimeType,
                      let source = offer.source, source.isTheSelection else { return }
                source.send(mimeType: String(cString: mimeType), fd: fd)
            },
            destroy: Resource.destroy))
        return p
    }()

    /// A server-made offer (new_id 0) that the caller announces with data_offer.
    init?(client: OpaquePointer, version: Int32, source: SelectionSource) {
        self.source = source
        guard let resource = Resource.create(client: client, interface: segue_zwlr_data_control_offer_v1_interface(),
                                             version: min(version, 1), id: 0, implementation: Self.implementation, object: self)
        else { return nil }
        self.resource = resource
    }

    func resourceDestroyed(_ resource: OpaquePointer) { self.resource = nil }
}
