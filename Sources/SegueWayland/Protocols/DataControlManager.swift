import CWaylandServer

/// The zwlr_data_control_manager_v1 global (version 2), offered to
/// privileged clients only: clipboard managers and `wl-paste --watch` hear
/// every selection of a seat and may set it, whoever has the keyboard.
package final class DataControlManager {
    package static let version: Int32 = 2
    private let privileges: Privileges
    private var global: Global?

    nonisolated(unsafe) static let implementation: UnsafeMutablePointer<zwlr_data_control_manager_v1_interface> = {
        let p = UnsafeMutablePointer<zwlr_data_control_manager_v1_interface>.allocate(capacity: 1)
        p.initialize(to: zwlr_data_control_manager_v1_interface(
            create_data_source: { client, manager, id in
                guard let client, let manager else { return }
                _ = DataControlSource(client: client, version: wl_resource_get_version(manager), id: id)
            },
            get_data_device: { client, manager, id, seatResource in
                guard let client, let manager, let seat = Resource.object(seatResource, as: Seat.self) else { return }
                _ = DataControlDevice(client: client, version: wl_resource_get_version(manager), id: id, seat: seat)
            },
            destroy: Resource.destroy))
        return p
    }()

    package init(display: OpaquePointer, privileges: Privileges) {
        self.privileges = privileges
        let global = Global(display: display, interface: segue_zwlr_data_control_manager_v1_interface(), version: Self.version,
                            forEveryClient: false) { client, version, id in
            Resource.create(client: client, interface: segue_zwlr_data_control_manager_v1_interface(), version: Int32(version),
                            id: id, implementation: Self.implementation, object: Resource.inert)
        }
        privileges.restrict(global)
        self.global = global
    }

    deinit {
        if let global { privileges.release(global) }
    }
}
