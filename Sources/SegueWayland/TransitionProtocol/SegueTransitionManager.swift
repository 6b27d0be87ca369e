import CWaylandServer

/// The segue_transition_manager_v1 global: lists windows to privileged
/// clients and creates the transitions they ask for. Others never see it
/// (`Privileges`), so binding it is a protocol error.
package final class SegueTransitionManager: ResourceObject {
    package static let version: Int32 = 2

    private unowned let delegate: TransitionProtocolDelegate
    private weak var activation: XdgActivation?
    private var global: PrivilegedGlobal?
    /// Bound managers, told about windows opening and closing.
    private var resources: [OpaquePointer] = []

    nonisolated(unsafe) private static let implementation: UnsafeMutablePointer<segue_transition_manager_v1_interface> = {
        let table = UnsafeMutablePointer<segue_transition_manager_v1_interface>.allocate(capacity: 1)
        table.initialize(to: segue_transition_manager_v1_interface(
            destroy: Resource.destroy,
            show_window: { client, resource, id, windowID in
                guard let client, let manager = Resource.object(resource, as: SegueTransitionManager.self) else { return }
                guard let window = manager.delegate.openWindows.first(where: { $0.id == Int(windowID) }) else {
                    SegueTransitionManagerV1Resource(resource).postError(.unknownToplevel, "no window has id \(windowID)")
                    return
                }
                manager.createTransition(client: client, manager: resource, id: id, windowID: window.id)
            },
            show_toplevel: { client, resource, id, toplevelResource in
                guard let client, let manager = Resource.object(resource, as: SegueTransitionManager.self) else { return }
                let toplevel = Resource.object(toplevelResource, as: XdgToplevel.self)
                guard let window = manager.delegate.openWindows.first(where: { $0.toplevel === toplevel }) else {
                    SegueTransitionManagerV1Resource(resource).postError(.unknownToplevel, "the xdg_toplevel is not mapped")
                    return
                }
                manager.createTransition(client: client, manager: resource, id: id, windowID: window.id)
            },
            set_activation_rect: { _, resource, token, x, y, width, height in
                guard let manager = Resource.object(resource, as: SegueTransitionManager.self), let token else { return }
                let output = manager.delegate.outputSize
                guard let rect = SourceRect(x: x, y: y, width: width, height: height,
                                            outputWidth: output.width, outputHeight: output.height) else {
                    return SegueTransitionManagerV1Resource(resource).postError(.badRectangle, "\(width)x\(height) at \(x),\(y) is not inside the \(output.width)x\(output.height) output")
                }
                manager.activation?.setSourceRect(rect, forToken: String(cString: token))
            }))
        return table
    }()

    /// Offered to the clients `privileges` lets use it; `activation` takes the rectangles tokens grow from.
    package init(display: OpaquePointer, delegate: TransitionProtocolDelegate, activation: XdgActivation?, privileges: Privileges) {
        self.delegate = delegate
        self.activation = activation
        let global = privileges.global(display: display, interface: segue_segue_transition_manager_v1_interface(),
                                       version: Self.version) { [unowned self] client, version, id in
            bind(client: client, version: version, id: id)
        }
        self.global = global
    }

    private func bind(client: OpaquePointer, version: UInt32, id: UInt32) {
        guard let resource = Resource.create(client: client, interface: segue_segue_transition_manager_v1_interface(),
                                             version: Int32(version), id: id, implementation: Self.implementation,
                                             object: self) else { return }
        resources.append(resource)
        for window in delegate.openWindows { announce(window.id, window.toplevel, to: resource) }
    }

    package func resourceDestroyed(_ resource: OpaquePointer) {
        resources.removeAll { $0 == resource }
    }

    /// A window opened, or (the same event again) changed its app_id or title.
    package func windowChanged(id: Int, _ toplevel: any Toplevel) {
        for resource in resources { announce(id, toplevel, to: resource) }
    }

    package func windowClosed(id: Int) {
        for resource in resources { segue_transition_manager_v1_send_toplevel_closed(resource, UInt32(id)) }
    }

    private func announce(_ id: Int, _ toplevel: any Toplevel, to resource: OpaquePointer) {
        segue_transition_manager_v1_send_toplevel(resource, UInt32(id), toplevel.appID, toplevel.title)
    }

    private func createTransition(client: OpaquePointer, manager: OpaquePointer?, id: UInt32, windowID: Int) {
        _ = SegueTransition(client: client, version: wl_resource_get_version(manager), id: id,
                            windowID: windowID, delegate: delegate)
    }
}
