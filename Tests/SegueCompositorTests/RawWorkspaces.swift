import CWaylandClient
import Foundation
import SegueClientSupport

/// A raw ext_workspace_manager_v1 client: what it was told of the group and
/// each workspace, as a bar keeps it, and how many batches `done` ended.
final class RawWorkspaces {
    let manager: OpaquePointer
    var groups: [RawWorkspaceGroup] = []
    /// Every workspace announced, removed ones included, in announcement order.
    var workspaces: [RawWorkspace] = []
    var doneCount = 0
    var finished = false

    init(manager: OpaquePointer) {
        self.manager = manager
        ext_workspace_manager_v1_add_listener(manager, workspaceManagerListener, listenerData(self))
    }

    /// The workspaces in the group, in the order they entered it.
    var listed: [RawWorkspace] { groups.first?.members ?? [] }

    func named(_ name: String) -> RawWorkspace? { workspaces.last { $0.name == name && !$0.removed } }

    /// Asks for workspace `name` to be shown, and commits.
    func activate(_ name: String) {
        guard let workspace = named(name) else { return }
        ext_workspace_handle_v1_activate(workspace.handle)
        ext_workspace_manager_v1_commit(manager)
    }
}

final class RawWorkspaceGroup {
    let handle: OpaquePointer
    var capabilities: UInt32?
    var outputsEntered = 0
    var members: [RawWorkspace] = []
    weak var owner: RawWorkspaces?

    init(handle: OpaquePointer, owner: RawWorkspaces) {
        (self.handle, self.owner) = (handle, owner)
    }
}

final class RawWorkspace {
    let handle: OpaquePointer
    var id = "", name = ""
    var coordinates: [UInt32] = []
    var state: UInt32 = 0
    var capabilities: UInt32 = 0
    var removed = false

    init(handle: OpaquePointer) { self.handle = handle }

    var active: Bool { state & EXT_WORKSPACE_HANDLE_V1_STATE_ACTIVE.rawValue != 0 }
    var urgent: Bool { state & EXT_WORKSPACE_HANDLE_V1_STATE_URGENT.rawValue != 0 }
    var removable: Bool { capabilities & EXT_WORKSPACE_HANDLE_V1_WORKSPACE_CAPABILITIES_REMOVE.rawValue != 0 }
}

private nonisolated(unsafe) let workspaceManagerListener = fixedListener(ext_workspace_manager_v1_listener(
    workspace_group: { data, _, handle in
        guard let handle else { return }
        let owner = listenerObject(data) as RawWorkspaces
        let group = RawWorkspaceGroup(handle: handle, owner: owner)
        owner.groups.append(group)
        ext_workspace_group_handle_v1_add_listener(handle, workspaceGroupListener, listenerData(group))
    },
    workspace: { data, _, handle in
        guard let handle else { return }
        let workspace = RawWorkspace(handle: handle)
        (listenerObject(data) as RawWorkspaces).workspaces.append(workspace)
        ext_workspace_handle_v1_add_listener(handle, workspaceListener, listenerData(workspace))
    },
    done: { data, _ in (listenerObject(data) as RawWorkspaces).doneCount += 1 },
    finished: { data, _ in (listenerObject(data) as RawWorkspaces).finished = true }
))

private nonisolated(unsafe) let workspaceGroupListener = fixedListener(ext_workspace_group_handle_v1_listener(
    capabilities: { data, _, capabilities in (listenerObject(data) as RawWorkspaceGroup).capabilities = capabilities },
    output_enter: { data, _, _ in (listenerObject(data) as RawWorkspaceGroup).outputsEntered += 1 },
    output_leave: { data, _, _ in (listenerObject(data) as RawWorkspaceGroup).outputsEntered -= 1 },
    workspace_enter: { data, _, handle in
        let group = listenerObject(data) as RawWorkspaceGroup
        if let workspace = group.owner?.workspaces.first(where: { $0.handle == handle }) { group.members.append(workspace) }
    },
    workspace_leave: { data, _, handle in (listenerObject(data) as RawWorkspaceGroup).members.removeAll { $0.handle == handle } },
    removed: { _, _ in }
))

private nonisolated(unsafe) let workspaceListener = fixedListener(ext_workspace_handle_v1_listener(
    id: { data, _, id in (listenerObject(data) as RawWorkspace).id = id.map { String(cString: $0) } ?? "" },
    name: { data, _, name in (listenerObject(data) as RawWorkspace).name = name.map { String(cString: $0) } ?? "" },
    coordinates: { data, _, array in
        guard let array else { return }
        let count = array.pointee.size / MemoryLayout<UInt32>.size
        (listenerObject(data) as RawWorkspace).coordinates = (0..<count).map { array.pointee.data.load(fromByteOffset: $0 * 4, as: UInt32.self) }
    },
    state: { data, _, state in (listenerObject(data) as RawWorkspace).state = state },
    capabilities: { data, _, capabilities in (listenerObject(data) as RawWorkspace).capabilities = capabilities },
    removed: { data, _ in (listenerObject(data) as RawWorkspace).removed = true }
))
