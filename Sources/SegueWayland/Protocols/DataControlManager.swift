import CWaylandServer

/// The zwlr_data_control_manager_v1 global (version 2) or the
/// ext_data_control_manager_v1 one (version 1), offered to privileged
/// clients only: clipboard managers and `wl-paste --watch` hear every
/// selection of a seat and may set it, whoever has the keyboard.
package final class DataControlManager {
    private var global: PrivilegedGlobal?

    nonisolated(unsafe) static let implementation: UnsafeMutablePointer<zwlr_data_control_manager_v1_interface> = {
        let p = UnsafeMutablePointer<zwlr_data_control_manager_v1_interface>.allocate(capacity: 1)
        p.initialize(to: zwlr_data_control_manager_v1_interface(
            create_data_source: { client, resource, id in
                guard let client, let resource, let manager = Resource.object(resource, as: DataControlOwner.self) else { return }
                _ = DataControlSource(client: client, family: manager.family, version: wl_resource_get_version(resource), id: id)
            },
            get_data_device: { client, resource, id, seatResource in
                guard let client, let resource, let manager = Resource.object(resource, as: DataControlOwner.self),
                      let seat = Resource.object(seatResource, as: Seat.self) else { return }
                _ = DataControlDevice(client: client, family: manager.family, version: wl_resource_get_version(resource), id: id, seat: seat)
            },
            destroy: Resource.destroy))
        return p
    }()

    /// wlr-data-control's manager, or with `ext` ext-data-control-v1's.
    package init(display: OpaquePointer, privileges: Privileges, ext: Bool = false) {
        let owner = DataControlOwner(family: ext ? .ext : .wlr)
        let global = privileges.global(display: display, interface: owner.family.manager,
                                       version: owner.family.version) { client, version, id in
            Resource.create(client: client, interface: owner.family.manager, version: Int32(version),
                            id: id, implementation: Self.implementation, object: owner)
        }
        self.global = global
    }
}

/// What a manager's resources belong to: the family of names it speaks.
private final class DataControlOwner: ResourceObject {
    let family: DataControlProtocol
    init(family: DataControlProtocol) { self.family = family }
    func resourceDestroyed(_ resource: OpaquePointer) {}
}
