import CWaylandServer

/// One client's ext_workspace_group_handle_v1: the output's workspaces.
/// Segue numbers workspaces itself, so it creates none by name (and says
/// so with no capabilities).
final class WorkspaceGroup: ResourceObject {
    private(set) var resource: OpaquePointer?
    private weak var manager: WorkspaceManagerResource?

    nonisolated(unsafe) static let implementation: UnsafeMutablePointer<ext_workspace_group_handle_v1_interface> = {
        let p = UnsafeMutablePointer<ext_workspace_group_handle_v1_interface>.allocate(capacity: 1)
        p.initialize(to: ext_workspace_group_handle_v1_interface(
            create_workspace: { _, _, _ in },
            destroy: Resource.destroy))
        return p
    }()

    init?(manager: WorkspaceManagerResource, client: OpaquePointer, version: Int32) {
        self.manager = manager
        guard let resource = Resource.create(client: client, interface: segue_ext_workspace_group_handle_v1_interface(),
                                             version: version, id: 0, implementation: Self.implementation, object: self) else { return nil }
        self.resource = resource
    }

    func resourceDestroyed(_ resource: OpaquePointer) {
        self.resource = nil
        manager?.groupDestroyed()
    }
}
