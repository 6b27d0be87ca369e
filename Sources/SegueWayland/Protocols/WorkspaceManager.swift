import CWaylandServer

/// What a bar is told of one workspace.
package struct WorkspaceDescription: Equatable {
    package var number: Int
    /// Shown on its output.
    package var active: Bool
    /// A window on it asked for attention.
    package var urgent: Bool
    /// Whether `remove` is carried out.
    package var removable: Bool

    package init(number: Int, active: Bool, urgent: Bool, removable: Bool) {
        (self.number, self.active, self.urgent, self.removable) = (number, active, urgent, removable)
    }
}

/// What bars' workspace requests ask of the shell.
package protocol WorkspaceDelegate: AnyObject {
    /// The output's workspaces, by number.
    var workspaceDescriptions: [WorkspaceDescription] { get }
    /// A client committed its requests: show workspace `activate` (the last
    /// one asked for), then remove those in `remove`.
    func workspacesRequested(activate: Int?, remove: [Int])
}

/// The ext_workspace_manager_v1 global, offered to privileged clients only
/// (activating a workspace changes what the person sees): each bound manager
/// hears of the output's one group and its workspaces, told again as they
/// change, and asks to show or remove them.
package final class WorkspaceManager {
    private var global: PrivilegedGlobal?
    unowned let delegate: WorkspaceDelegate
    private var managers: [WorkspaceManagerResource] = []

    package init(display: OpaquePointer, privileges: Privileges, output: OutputGlobal, delegate: WorkspaceDelegate) {
        self.delegate = delegate
        global = privileges.global(display: display, interface: segue_ext_workspace_manager_v1_interface(),
                                   version: 1) { [unowned self] client, version, id in
            guard let manager = WorkspaceManagerResource(owner: self, client: client, version: Int32(version), id: id) else { return }
            managers.append(manager)
            manager.introduce(outputs: output.resources(for: client).map(\.resource), workspaces: delegate.workspaceDescriptions)
        }
        // A bar that binds the output after the manager hears the group is on it then.
        output.bindWatchers.append { [weak self] bound in
            for manager in self?.managers ?? [] { manager.outputBound(bound.resource) }
        }
    }

    /// The workspaces or their states may have changed: each client hears what did, then done.
    package func update() {
        let workspaces = delegate.workspaceDescriptions
        for manager in managers { manager.update(workspaces) }
    }

    func managerEnded(_ manager: WorkspaceManagerResource) { managers.removeAll { $0 === manager } }
}

/// One client's bound ext_workspace_manager_v1: its group, a handle per
/// workspace, and the requests waiting for its commit.
final class WorkspaceManagerResource: ResourceObject {
    private(set) var resource: OpaquePointer?
    private weak var owner: WorkspaceManager?
    private var group: WorkspaceGroup?
    private var handles: [Int: WorkspaceHandle] = [:]
    private var stopped = false
    /// Asked since the last commit.
    var pendingActivate: Int?
    var pendingRemove: [Int] = []

    nonisolated(unsafe) static let implementation: UnsafeMutablePointer<ext_workspace_manager_v1_interface> = {
        let p = UnsafeMutablePointer<ext_workspace_manager_v1_interface>.allocate(capacity: 1)
        p.initialize(to: ext_workspace_manager_v1_interface(
            commit: { _, resource in Resource.object(resource, as: WorkspaceManagerResource.self)?.commit() },
            stop: { _, resource in
                guard let resource, let manager = Resource.object(resource, as: WorkspaceManagerResource.self) else { return }
                manager.stopped = true
                ext_workspace_manager_v1_send_finished(resource)
                wl_resource_destroy(resource)
            }))
        return p
    }()

    init?(owner: WorkspaceManager, client: OpaquePointer, version: Int32, id: UInt32) {
        self.owner = owner
        guard let resource = Resource.create(client: client, interface: segue_ext_workspace_manager_v1_interface(), version: version,
                                             id: id, implementation: Self.implementation, object: self) else { return nil }
        self.resource = resource
    }

    func resourceDestroyed(_ resource: OpaquePointer) {
        self.resource = nil
        owner?.managerEnded(self)
    }

    /// Just bound: the group on the client's outputs, then every workspace.
    func introduce(outputs: [OpaquePointer], workspaces: [WorkspaceDescription]) {
        guard let resource, let group = WorkspaceGroup(manager: self, client: wl_resource_get_client(resource),
                                                       version: wl_resource_get_version(resource)) else { return }
        self.group = group
        ext_workspace_manager_v1_send_workspace_group(resource, group.resource)
        ext_workspace_group_handle_v1_send_capabilities(group.resource, 0)
        for output in outputs { ext_workspace_group_handle_v1_send_output_enter(group.resource, output) }
        update(workspaces, force: true)
    }

    func outputBound(_ output: OpaquePointer) {
        guard let resource, !stopped, let group, let groupResource = group.resource,
              wl_resource_get_client(output) == wl_resource_get_client(resource) else { return }
        ext_workspace_group_handle_v1_send_output_enter(groupResource, output)
        ext_workspace_manager_v1_send_done(resource)
    }

    /// Sends what differs from what the client was told; done where anything did.
    func update(_ workspaces: [WorkspaceDescription], force: Bool = false) {
        guard let resource, !stopped else { return }
        var changed = force
        let numbers = Set(workspaces.map(\.number))
        for (number, handle) in handles where !numbers.contains(number) {
            handles[number] = nil
            if let handleResource = handle.resource, let groupResource = group?.resource {
                ext_workspace_group_handle_v1_send_workspace_leave(groupResource, handleResource)
            }
            handle.removed()
            changed = true
        }
        for workspace in workspaces {
            if let handle = handles[workspace.number] {
                changed = handle.describe(workspace) || changed
                continue
            }
            guard let handle = WorkspaceHandle(manager: self, number: workspace.number, client: wl_resource_get_client(resource),
                                               version: wl_resource_get_version(resource)),
                  let handleResource = handle.resource else { continue }
            handles[workspace.number] = handle
            ext_workspace_manager_v1_send_workspace(resource, handleResource)
            _ = handle.describe(workspace)
            if let groupResource = group?.resource { ext_workspace_group_handle_v1_send_workspace_enter(groupResource, handleResource) }
            changed = true
        }
        if changed { ext_workspace_manager_v1_send_done(resource) }
    }

    /// The requests sent since the last commit, carried out together.
    private func commit() {
        let (activate, remove) = (pendingActivate, pendingRemove)
        (pendingActivate, pendingRemove) = (nil, [])
        guard activate != nil || !remove.isEmpty else { return }
        owner?.delegate.workspacesRequested(activate: activate, remove: remove)
    }

    func groupDestroyed() { group = nil }

    func handleDestroyed(_ handle: WorkspaceHandle) {
        // A removed workspace's number may name a new workspace by now, with a handle of its own.
        if handles[handle.number] === handle { handles[handle.number] = nil }
    }
}
