import SegueIPC
import SegueWayland

/// The workspaces as bars see them through ext-workspace-v1, and bars'
/// requests carried out as `segue msg workspace` is.
extension Windows: WorkspaceDelegate {
    package var workspaceDescriptions: [WorkspaceDescription] {
        let workspaces = compositor.navigation.workspaces
        return workspaces.numbers.map { number in
            let stack = workspaces.stack(number)
            let windows = (stack?.windows ?? []) + (stack?.minimized ?? [])
            // Only the shown workspace is ever empty; removing it shows another, which leaves it to go.
            return WorkspaceDescription(number: number, active: number == workspaces.shownNumber, urgent: windows.contains { $0.urgent },
                                        removable: windows.isEmpty && workspaces.numbers.count > 1)
        }
    }

    package func workspacesRequested(activate: Int?, remove: [Int]) {
        // A workspace that went while the requests waited is not made again.
        if let number = activate, compositor.navigation.workspaces.numbers.contains(number) {
            show(workspace: .number(number), asked: "activate")
        }
        let workspaces = compositor.navigation.workspaces
        if remove.contains(workspaces.shownNumber), workspaceDescriptions.first(where: { $0.number == workspaces.shownNumber })?.removable == true {
            show(workspace: .prev, asked: "remove")
        }
        compositor.offered?.workspaces.update()
    }

    private func show(workspace: WorkspaceTarget, asked request: String) {
        do {
            try compositor.perform(.workspace(workspace))
        } catch {
            compositor.log.warning("ext_workspace_handle_v1.\(request): \(error)")
        }
    }
}
