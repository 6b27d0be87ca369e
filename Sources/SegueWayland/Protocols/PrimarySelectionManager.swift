import CWaylandServer

/// The zwp_primary_selection_device_manager_v1 global: the primary selection
/// (select text, paste it with the middle button) beside the clipboard, set
/// by any client (see `Clipboard.init`).
package final class PrimarySelectionManager {
    package static let version: Int32 = 1

    private var global: Global?

    nonisolated(unsafe) static let implementation: UnsafeMutablePointer<zwp_primary_selection_device_manager_v1_interface> = {
        let p = UnsafeMutablePointer<zwp_primary_selection_device_manager_v1_interface>.allocate(capacity: 1)
        p.initialize(to: zwp_primary_selection_device_manager_v1_interface(
            create_source: { client, resource, id in
                guard let client, let resource else { return }
                _ = PrimarySelectionSource(client: client, version: wl_resource_get_version(resource), id: id)
            },
            get_device: { client, resource, id, seat in
                guard let client, let resource, let seat = Resource.object(seat, as: Seat.self),
                      let device = PrimarySelectionDevice(client: client, version: wl_resource_get_version(resource), id: id,
                                                          clipboard: seat.primarySelection) else { return }
                seat.primarySelection.add(device)
            },
            destroy: Resource.destroy))
        return p
    }()

    package init(display: OpaquePointer) {
        global = Global(display: display, interface: segue_zwp_primary_selection_device_manager_v1_interface(), version: Self.version,
                        implementation: Self.implementation, owner: { Resource.inert })
    }
}
