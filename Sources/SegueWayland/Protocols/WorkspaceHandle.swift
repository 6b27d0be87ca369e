import CWaylandServer

/// One client's ext_workspace_handle_v1 for a numbered workspace: its id,
/// name and coordinates (all from the number), its state and what it
/// carries out, told again as they change. activate and remove wait for the
/// manager's commit; deactivate and assign are not offered (a workspace
/// stops being shown when another is, and there is one group).
final class WorkspaceHandle: ResourceObject {
    private(set) var resource: OpaquePointer?
    private weak var manager: WorkspaceManagerResource?
    let number: Int
    /// What the client was last told, nil before the first description.
    private var told: WorkspaceDescription?
    /// Removed: inert, hearing nothing more and its requests ignored.
    private var isRemoved = false

    nonisolated(unsafe) static let implementation: UnsafeMutablePointer<ext_workspace_handle_v1_interface> = {
        let p = UnsafeMutablePointer<ext_workspace_handle_v1_interface>.allocate(capacity: 1)
        p.initialize(to: ext_workspace_handle_v1_interface(
            destroy: Resource.destroy,
            activate: { _, resource in
                guard let handle = live(resource) else { return }
                handle.manager?.pendingActivate = handle.number
            },
            deactivate: { _, _ in },
            assign: { _, _, _ in },
            remove: { _, resource in
                guard let handle = live(resource), handle.told?.removable == true else { return }
                handle.manager?.pendingRemove.append(handle.number)
            }))
        return p
    }()

    /// The handle behind `resource` while its workspace is there.
    private static func live(_ resource: OpaquePointer?) -> WorkspaceHandle? {
        Resource.object(resource, as: WorkspaceHandle.self).flatMap { $0.isRemoved ? nil : $0 }
    }

    init?(manager: WorkspaceManagerResource, number: Int, client: OpaquePointer, version: Int32) {
        self.manager = manager
        self.number = number
        guard let resource = Resource.create(client: client, interface: segue_ext_workspace_handle_v1_interface(),
                                             version: version, id: 0, implementation: Self.implementation, object: self) else { return nil }
        self.resource = resource
    }

    func resourceDestroyed(_ resource: OpaquePointer) {
        self.resource = nil
        manager?.handleDestroyed(self)
    }

    /// Tells what differs from the last description (everything, the first
    /// time): whether anything was sent.
    func describe(_ workspace: WorkspaceDescription) -> Bool {
        guard let resource, !isRemoved, workspace != told else { return false }
        if told == nil {
            // The number is the workspace, as sway's are: the same across restarts.
            ext_workspace_handle_v1_send_id(resource, "segue-workspace-\(number)")
            ext_workspace_handle_v1_send_name(resource, "\(number)")
            withWaylandArray([UInt32(clamping: number)]) { ext_workspace_handle_v1_send_coordinates(resource, $0) }
        }
        let state = (workspace.active ? EXT_WORKSPACE_HANDLE_V1_STATE_ACTIVE.rawValue : 0)
            | (workspace.urgent ? EXT_WORKSPACE_HANDLE_V1_STATE_URGENT.rawValue : 0)
        if told.map({ ($0.active, $0.urgent) != (workspace.active, workspace.urgent) }) ?? true {
            ext_workspace_handle_v1_send_state(resource, state)
        }
        if told?.removable != workspace.removable {
            let capabilities = EXT_WORKSPACE_HANDLE_V1_WORKSPACE_CAPABILITIES_ACTIVATE.rawValue
                | (workspace.removable ? EXT_WORKSPACE_HANDLE_V1_WORKSPACE_CAPABILITIES_REMOVE.rawValue : 0)
            ext_workspace_handle_v1_send_capabilities(resource, capabilities)
        }
        told = workspace
        return true
    }

    /// The workspace went: the client hears it, once, and the handle goes inert.
    func removed() {
        guard let resource, !isRemoved else { return }
        isRemoved = true
        ext_workspace_handle_v1_send_removed(resource)
    }
}
