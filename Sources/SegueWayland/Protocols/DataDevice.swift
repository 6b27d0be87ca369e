import CWaylandServer

/// One client's wl_data_device on a seat: sets the seat's selection and
/// receives an offer for it while the client has keyboard focus.
final class DataDevice: ResourceObject, SelectionDevice {
    let client: OpaquePointer
    private(set) var resource: OpaquePointer?
    private weak var clipboard: Clipboard?

    nonisolated(unsafe) static let implementation: UnsafeMutablePointer<wl_data_device_interface> = {
        let p = UnsafeMutablePointer<wl_data_device_interface>.allocate(capacity: 1)
        p.initialize(to: wl_data_device_interface(
            // A drag needs a pointer grab, which Segue does not have: the drag never
            // starts, but its icon takes the drag icon role.
            start_drag: { _, resource, _, _, icon, _ in
                guard let icon = Resource.object(icon, as: Surface.self) else { return }
                _ = UndrawnRole.assign(UndrawnRole.dragIcon, to: icon) { WlDataDeviceResource(resource).postError(.role, $0) }
            },
            set_selection: { _, resource, source, _ in
                guard let device = Resource.object(resource, as: DataDevice.self) else { return }
                let source = source.flatMap { Resource.object($0, as: DataSource.self) }
                if let source, source.isForDragAndDrop {
                    WlDataSourceResource(source.resource).postError(.invalidSource, "a drag-and-drop source cannot be the selection")
                    return
                }
                device.clipboard?.setSelection(source, from: device.client)
            },
            release: Resource.destroy))
        return p
    }()

    init?(client: OpaquePointer, version: Int32, id: UInt32, clipboard: Clipboard) {
        self.client = client
        self.clipboard = clipboard
        guard let resource = Resource.create(client: client, interface: segue_wl_data_device_interface(), version: version,
                                             id: id, implementation: Self.implementation, object: self) else { return nil }
        self.resource = resource
    }

    func resourceDestroyed(_ resource: OpaquePointer) {
        self.resource = nil
        clipboard?.deviceDestroyed(self)
    }

    func sendSelection(_ source: SelectionSource?) {
        guard let resource else { return }
        guard let source, source.isAlive,
              let offer = DataOffer(client: client, version: wl_resource_get_version(resource), source: source),
              let offerResource = offer.resource else {
            wl_data_device_send_selection(resource, nil)
            return
        }
        wl_data_device_send_data_offer(resource, offerResource)
        for mimeType in source.mimeTypes { wl_data_offer_send_offer(offerResource, mimeType) }
        wl_data_device_send_selection(resource, offerResource)
    }
}
