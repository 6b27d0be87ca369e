import CWaylandServer
import Glibc

/// An offer of a selection to one client whose only requests are receive and
/// destroy: zwp_primary_selection_offer_v1 and zwlr_data_control_offer_v1.
/// Their request tables are laid out alike (the shim checks), so one serves
/// both; receive goes to the source's client while it is the selection.
final class ReceivingOffer: ResourceObject {
    private(set) var resource: OpaquePointer?
    private weak var source: SelectionSource?

    nonisolated(unsafe) static let implementation: UnsafeMutablePointer<zwp_primary_selection_offer_v1_interface> = {
        let p = UnsafeMutablePointer<zwp_primary_selection_offer_v1_interface>.allocate(capacity: 1)
        p.initialize(to: zwp_primary_selection_offer_v1_interface(
            receive: { _, resource, mimeType, fd in
                defer { close(fd) }
                guard let offer = Resource.object(resource, as: ReceivingOffer.self), let mimeType,
                      let source = offer.source, source.isTheSelection else { return }
                source.send(mimeType: String(cString: mimeType), fd: fd)
            },
            destroy: Resource.destroy))
        return p
    }()

    /// A server-made offer (new_id 0) of `interface` that the caller announces with its data_offer event.
    init?(client: OpaquePointer, interface: UnsafePointer<wl_interface>, version: Int32, source: SelectionSource) {
        self.source = source
        guard let resource = Resource.create(client: client, interface: interface, version: min(version, interface.pointee.version),
                                             id: 0, implementation: Self.implementation, object: self) else { return nil }
        self.resource = resource
    }

    func resourceDestroyed(_ resource: OpaquePointer) { self.resource = nil }
}
