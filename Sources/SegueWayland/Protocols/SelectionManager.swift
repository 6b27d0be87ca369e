import CWaylandServer

/// A selection protocol's manager global: wl_data_device_manager (the
/// clipboard, and drag and drop) or zwp_primary_selection_device_manager_v1
/// (select text, paste it with the middle button; see `Clipboard.init`).
/// Each makes sources, and each client's device on a seat, which joins the
/// seat's clipboard of its kind.
package final class SelectionManager {
    private let global: Global

    private init(display: OpaquePointer, interface: UnsafePointer<wl_interface>, version: Int32, requests: UnsafeRawPointer) {
        global = Global(display: display, interface: interface, version: version, implementation: requests,
                        owner: { Resource.inert })
    }

    /// wl_data_device_manager, version 3.
    package static func dataDevices(display: OpaquePointer) -> SelectionManager {
        SelectionManager(display: display, interface: segue_wl_data_device_manager_interface(), version: 3, requests: dataDeviceRequests)
    }

    /// zwp_primary_selection_device_manager_v1, version 1.
    package static func primarySelection(display: OpaquePointer) -> SelectionManager {
        SelectionManager(display: display, interface: segue_zwp_primary_selection_device_manager_v1_interface(), version: 1,
                         requests: primarySelectionRequests)
    }

    nonisolated(unsafe) private static let dataDeviceRequests: UnsafeMutablePointer<wl_data_device_manager_interface> = {
        let p = UnsafeMutablePointer<wl_data_device_manager_interface>.allocate(capacity: 1)
        p.initialize(to: wl_data_device_manager_interface(
            create_data_source: { client, manager, id in asked(client, manager) { _ = DataSource(client: $0, version: $1, id: id) } },
            get_data_device: { client, manager, id, seat in
                add(client, manager, seat, to: \.clipboard) { DataDevice(client: $0, version: $1, id: id, seat: $2) }
            }))
        return p
    }()

    /// `client` asked `manager` for an object: made at the manager's version.
    private static func asked(_ client: OpaquePointer?, _ manager: OpaquePointer?, make: (OpaquePointer, Int32) -> Void) {
        guard let client, let manager else { return }
        make(client, wl_resource_get_version(manager))
    }

    /// `client` asked `manager` for its device on `seat`: made, it joins the seat's clipboard at `kind`.
    private static func add(_ client: OpaquePointer?, _ manager: OpaquePointer?, _ seat: OpaquePointer?,
                            to kind: KeyPath<Seat, Clipboard>, make: (OpaquePointer, Int32, Seat) -> SelectionDevice?) {
        guard let seat = Resource.object(seat, as: Seat.self) else { return }
        asked(client, manager) { client, version in
            if let device = make(client, version, seat) { seat[keyPath: kind].add(device) }
        }
    }

    nonisolated(unsafe) private static let primarySelectionRequests:
        UnsafeMutablePointer<zwp_primary_selection_device_manager_v1_interface> = {
        let p = UnsafeMutablePointer<zwp_primary_selection_device_manager_v1_interface>.allocate(capacity: 1)
        p.initialize(to: zwp_primary_selection_device_manager_v1_interface(
            create_source: { client, manager, id in
                asked(client, manager) { _ = PrimarySelectionSource(client: $0, version: $1, id: id) }
            },
            get_device: { client, manager, id, seat in
                add(client, manager, seat, to: \.primarySelection) {
                    PrimarySelectionDevice(client: $0, version: $1, id: id, clipboard: $2.primarySelection)
                }
            },
            destroy: Resource.destroy))
        return p
    }()
}
