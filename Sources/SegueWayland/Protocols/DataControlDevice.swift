import CWaylandServer

/// One client's zwlr_data_control_device_v1 (or ext_data_control_device_v1)
/// on a seat: hears each selection of the seat's clipboard and (from version
/// 2, ext's from 1) primary selection as it is set, and sets them without the
/// keyboard focus a window would need. The zwlr senders serve both names.
final class DataControlDevice: ResourceObject, SelectionWatcher {
    private(set) var resource: OpaquePointer?
    private let client: OpaquePointer
    private weak var seat: Seat?
    private let family: DataControlProtocol

    nonisolated(unsafe) static let implementation: UnsafeMutablePointer<zwlr_data_control_device_v1_interface> = {
        let p = UnsafeMutablePointer<zwlr_data_control_device_v1_interface>.allocate(capacity: 1)
        p.initialize(to: zwlr_data_control_device_v1_interface(
            set_selection: { _, resource, source in
                Resource.object(resource, as: DataControlDevice.self)?.set(source, primary: false)
            },
            destroy: Resource.destroy,
            set_primary_selection: { _, resource, source in
                Resource.object(resource, as: DataControlDevice.self)?.set(source, primary: true)
            }))
        return p
    }()

    init?(client: OpaquePointer, family: DataControlProtocol, version: Int32, id: UInt32, seat: Seat) {
        self.client = client
        self.seat = seat
        self.family = family
        guard let resource = Resource.create(client: client, interface: family.device, version: version,
                                             id: id, implementation: Self.implementation, object: self) else { return nil }
        self.resource = resource
        // Each clipboard tells it what it holds as it joins.
        seat.clipboard.add(self)
        if version >= family.primarySince { seat.primarySelection.add(self) }
    }

    func resourceDestroyed(_ resource: OpaquePointer) {
        self.resource = nil
        seat?.clipboard.remove(self)
        seat?.primarySelection.remove(self)
    }

    private func set(_ sourceResource: OpaquePointer?, primary: Bool) {
        guard let resource, let seat else { return }
        let source = sourceResource.flatMap { Resource.object($0, as: DataControlSource.self) }
        if let source {
            guard !source.used else {
                return segue_resource_post_error(resource, ZWLR_DATA_CONTROL_DEVICE_V1_ERROR_USED_SOURCE.rawValue,
                                                 "the source was set as a selection before")
            }
            source.used = true
        }
        (primary ? seat.primarySelection : seat.clipboard).setSelection(source, from: client, controlled: true)
    }

    func selectionChanged(_ selection: SelectionSource?, in clipboard: Clipboard) {
        guard let resource, let seat else { return }
        let primary = clipboard === seat.primarySelection
        var offer: OpaquePointer?
        if let selection, selection.isAlive,
           let made = ReceivingOffer(client: client, interface: family.offer,
                                     version: wl_resource_get_version(resource), source: selection)?.resource {
            zwlr_data_control_device_v1_send_data_offer(resource, made)
            for mimeType in selection.mimeTypes { zwlr_data_control_offer_v1_send_offer(made, mimeType) }
            offer = made
        }
        if primary {
            zwlr_data_control_device_v1_send_primary_selection(resource, offer)
        } else {
            zwlr_data_control_device_v1_send_selection(resource, offer)
        }
    }
}
