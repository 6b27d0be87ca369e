import CWaylandServer

/// The wl_data_device_manager global: data sources, and data devices on a
/// seat, for copy and paste and for drag and drop.
package final class DataDeviceManager {
    package static let version: Int32 = 3

    private var global: Global?

    nonisolated(unsafe) static let implementation: UnsafeMutablePointer<wl_data_device_manager_interface> = {
        let p = UnsafeMutablePointer<wl_data_device_manager_interface>.allocate(capacity: 1)
        p.initialize(to: wl_data_device_manager_interface(
            create_data_source: { client, resource, id in
                guard let client, let resource else { return }
                _ = DataSource(client: client, version: wl_resource_get_version(resource), id: id)
            },
            get_data_device: { client, resource, id, seat in
                guard let client, let resource, let seat = Resource.object(seat, as: Seat.self) else { return }
                guard let device = DataDevice(client: client, version: wl_resource_get_version(resource), id: id,
                                              seat: seat) else { return }
                seat.clipboard.add(device)
            }))
        return p
    }()

    package init(display: OpaquePointer) {
        global = Global(display: display, interface: segue_wl_data_device_manager_interface(), version: Self.version,
                        implementation: Self.implementation, owner: { Resource.inert })
    }
}
