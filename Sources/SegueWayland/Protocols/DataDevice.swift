import CWaylandServer

/// One client's wl_data_device on a seat: sets the seat's selection and
/// receives an offer for it while the client has keyboard focus; starts
/// drags, and hears them cross its client's surfaces.
final class DataDevice: ResourceObject, SelectionDevice {
    let client: OpaquePointer
    private(set) var resource: OpaquePointer?
    private weak var clipboard: Clipboard?
    private weak var seat: Seat?

    nonisolated(unsafe) static let implementation: UnsafeMutablePointer<wl_data_device_interface> = {
        let p = UnsafeMutablePointer<wl_data_device_interface>.allocate(capacity: 1)
        p.initialize(to: wl_data_device_interface(
            start_drag: { _, resource, source, origin, icon, serial in
                guard let device = Resource.object(resource, as: DataDevice.self),
                      let origin = Resource.object(origin, as: Surface.self) else { return }
                let icon = Resource.object(icon, as: Surface.self)
                if let icon, !UndrawnRole.assign(UndrawnRole.dragIcon, to: icon, orPost: { WlDataDeviceResource(resource).postError(.role, $0) }) {
                    return
                }
                let source = source.flatMap { Resource.object($0, as: DataSource.self) }
                device.seat?.pointer.startDrag(source: source, origin: origin, icon: icon, serial: serial, client: device.client)
            },
            set_selection: { _, resource, source, _ in
                guard let device = Resource.object(resource, as: DataDevice.self) else { return }
                let source = source.flatMap { Resource.object($0, as: DataSource.self) }
                if let source, source.isForDragAndDrop || source.drag != nil {
                    WlDataSourceResource(source.resource).postError(.invalidSource, "a drag-and-drop source cannot be the selection")
                    return
                }
                device.clipboard?.setSelection(source, from: device.client)
            },
            release: Resource.destroy))
        return p
    }()

    init?(client: OpaquePointer, version: Int32, id: UInt32, seat: Seat) {
        self.client = client
        self.clipboard = seat.clipboard
        self.seat = seat
        guard let resource = Resource.create(client: client, interface: segue_wl_data_device_interface(), version: version,
                                             id: id, implementation: Self.implementation, object: self) else { return nil }
        self.resource = resource
    }

    func resourceDestroyed(_ resource: OpaquePointer) {
        self.resource = nil
        clipboard?.deviceDestroyed(self)
    }

    static let wire = SelectionWire(makeOffer: { DataOffer(client: $0, version: $1, source: $2)?.resource },
                                    dataOffer: wl_data_device_send_data_offer, offer: wl_data_offer_send_offer,
                                    selection: wl_data_device_send_selection)

    // MARK: Drag and drop

    /// A drag came over `surface` at (x, y): an offer of `source`'s data (none
    /// for a drag within one client), then the enter. The offer, if any.
    func enterDrag(serial: UInt32, surface: OpaquePointer, x: Double, y: Double, source: DataSource?) -> DataOffer? {
        guard let resource else { return nil }
        let version = wl_resource_get_version(resource)
        let offer = source.flatMap { DataOffer(client: client, version: version, dragSource: $0) }
        if let source, let offerResource = offer?.resource {
            introduce(offerResource, mimeTypes: source.mimeTypes)
            if version >= WL_DATA_OFFER_SOURCE_ACTIONS_SINCE_VERSION {
                wl_data_offer_send_source_actions(offerResource, source.dragActions)
            }
        }
        wl_data_device_send_enter(resource, serial, surface, fixed(x), fixed(y), offer?.resource)
        offer?.settleAction()
        return offer
    }

    func sendDragMotion(time: UInt32, x: Double, y: Double) {
        guard let resource else { return }
        wl_data_device_send_motion(resource, time, fixed(x), fixed(y))
    }

    func sendDragLeave() {
        guard let resource else { return }
        wl_data_device_send_leave(resource)
    }

    func sendDrop() {
        guard let resource else { return }
        wl_data_device_send_drop(resource)
    }
}
