import CWaylandServer

/// The segue_transition_manager_v1 global: lists windows to trusted clients
/// and creates the transitions they ask for. Untrusted clients never see it:
/// the display's global filter hides it, so binding it is a protocol error.
final class SegueTransitionManager: ResourceObject {
    static let version: Int32 = 1

    private let display: OpaquePointer
    private unowned let compositor: Compositor
    private let trust: ClientTrust
    private var global: Global?
    /// Bound managers, told about windows opening and closing.
    private var resources: [OpaquePointer] = []

    nonisolated(unsafe) private static let implementation: UnsafeMutablePointer<segue_transition_manager_v1_interface> = {
        let table = UnsafeMutablePointer<segue_transition_manager_v1_interface>.allocate(capacity: 1)
        table.initialize(to: segue_transition_manager_v1_interface(
            destroy: Resource.destroy,
            show_window: { client, resource, id, windowID in
                guard let client, let manager = Resource.object(resource, as: SegueTransitionManager.self) else { return }
                guard let window = manager.compositor.stack.windows.first(where: { $0.id == Int(windowID) }) else {
                    postError(resource, UInt32(SEGUE_TRANSITION_MANAGER_V1_ERROR_UNKNOWN_TOPLEVEL.rawValue),
                              "no window has id \(windowID)")
                    return
                }
                manager.createTransition(client: client, manager: resource, id: id, window: window)
            },
            show_toplevel: { client, resource, id, toplevelResource in
                guard let client, let manager = Resource.object(resource, as: SegueTransitionManager.self) else { return }
                let toplevel = Resource.object(toplevelResource, as: XdgToplevel.self)
                guard let window = manager.compositor.stack.windows.first(where: { $0.toplevel === toplevel }) else {
                    postError(resource, UInt32(SEGUE_TRANSITION_MANAGER_V1_ERROR_UNKNOWN_TOPLEVEL.rawValue),
                              "the xdg_toplevel is not mapped")
                    return
                }
                manager.createTransition(client: client, manager: resource, id: id, window: window)
            },
            set_activation_rect: { _, resource, token, x, y, width, height in
                guard let manager = Resource.object(resource, as: SegueTransitionManager.self), let token else { return }
                let output = manager.compositor.output
                guard let rect = SourceRect(x: x, y: y, width: width, height: height,
                                            outputWidth: output.width, outputHeight: output.height) else {
                    return postError(resource, UInt32(SEGUE_TRANSITION_MANAGER_V1_ERROR_BAD_RECTANGLE.rawValue),
                                     "\(width)x\(height) at \(x),\(y) is not inside the \(output.width)x\(output.height) output")
                }
                manager.compositor.activation?.setSourceRect(rect, forToken: String(cString: token))
            }))
        return table
    }()

    init(display: OpaquePointer, compositor: Compositor, trusted: [String]) {
        self.display = display
        self.compositor = compositor
        trust = ClientTrust(executables: trusted)
        global = Global(display: display, interface: segue_segue_transition_manager_v1_interface(),
                        version: Self.version) { [unowned self] client, version, id in
            bind(client: client, version: version, id: id)
        }
        wl_display_set_global_filter(display, { client, global, data in
            guard let client, let data else { return true }
            let manager = Unmanaged<SegueTransitionManager>.fromOpaque(data).takeUnretainedValue()
            return global != manager.global?.global || manager.trusts(client)
        }, Unmanaged.passUnretained(self).toOpaque())
    }

    deinit {
        wl_display_set_global_filter(display, nil, nil)
    }

    private func bind(client: OpaquePointer, version: UInt32, id: UInt32) {
        guard let resource = Resource.create(client: client, interface: segue_segue_transition_manager_v1_interface(),
                                             version: Int32(version), id: id, implementation: Self.implementation,
                                             object: self) else { return }
        resources.append(resource)
        for window in compositor.stack.windows { announce(window, to: resource) }
    }

    func resourceDestroyed(_ resource: OpaquePointer) {
        resources.removeAll { $0 == resource }
    }

    private func trusts(_ client: OpaquePointer) -> Bool {
        trust.trusts(client, configured: compositor.config.trusted) { client in
            compositor.stack.windows.filter { wl_resource_get_client($0.toplevel.resource) == client }.map(\.appID)
        }
    }

    /// Lets a client the compositor started itself see and bind the manager.
    func trust(spawned client: OpaquePointer) { trust.trust(spawned: client) }

    func windowOpened(_ window: Window) {
        for resource in resources { announce(window, to: resource) }
    }

    /// The same toplevel event again, with the window's new app_id and title.
    func windowRenamed(_ window: Window) {
        for resource in resources { announce(window, to: resource) }
    }

    func windowClosed(_ window: Window) {
        for resource in resources { segue_transition_manager_v1_send_toplevel_closed(resource, UInt32(window.id)) }
    }

    private func announce(_ window: Window, to resource: OpaquePointer) {
        segue_transition_manager_v1_send_toplevel(resource, UInt32(window.id), window.appID, window.title)
    }

    private func createTransition(client: OpaquePointer, manager: OpaquePointer?, id: UInt32, window: Window) {
        _ = SegueTransition(client: client, version: wl_resource_get_version(manager), id: id,
                            window: window, compositor: compositor)
    }
}
