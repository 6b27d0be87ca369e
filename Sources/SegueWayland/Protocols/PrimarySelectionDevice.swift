import CWaylandServer

/// One client's zwp_primary_selection_device_v1 on a seat: sets the primary
/// selection, and is offered it while the client has keyboard focus.
final class PrimarySelectionDevice: ResourceObject, SelectionDevice {
    let client: OpaquePointer
    private(set) var resource: OpaquePointer?
    private weak var clipboard: Clipboard?

    nonisolated(unsafe) static let implementation: UnsafeMutablePointer<zwp_primary_selection_device_v1_interface> = {
        let p = UnsafeMutablePointer<zwp_primary_selection_device_v1_interface>.allocate(capacity: 1)
        p.initialize(to: zwp_primary_selection_device_v1_interface(
            set_selection: { _, resource, source, _ in
                guard let device = Resource.object(resource, as: PrimarySelectionDevice.self) else { return }
                device.clipboard?.setSelection(source.flatMap { Resource.object($0, as: PrimarySelectionSource.self) },
                                               from: device.client)
            },
            destroy: Resource.destroy))
        return p
    }()

    init?(client: OpaquePointer, version: Int32, id: UInt32, clipboard: Clipboard) {
        self.client = client
        self.clipboard = clipboard
        guard let resource = Resource.create(client: client, interface: segue_zwp_primary_selection_device_v1_interface(),
                                             version: version, id: id, implementation: Self.implementation, object: self)
        else { return nil }
        self.resource = resource
    }

    func resourceDestroyed(_ resource: OpaquePointer) {
        self.resource = nil
        clipboard?.deviceDestroyed(self)
    }

    static let wire = SelectionWire(makeOffer: {
                                        ReceivingOffer(client: $0, interface: segue_zwp_primary_selection_offer_v1_interface(), version: $1,
                                                       source: $2)?.resource
                                    },
                                    dataOffer: zwp_primary_selection_device_v1_send_data_offer,
                                    offer: zwp_primary_selection_offer_v1_send_offer,
                                    selection: zwp_primary_selection_device_v1_send_selection)
}
