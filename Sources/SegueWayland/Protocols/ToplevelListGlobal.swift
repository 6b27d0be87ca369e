import CWaylandServer

/// The ext_foreign_toplevel_list_v1 global, offered to privileged clients
/// only: each bound list gets a handle per window, with an identifier no
/// other window ever has, its title and app id, told again as they change.
package final class ToplevelListGlobal {
    private var global: PrivilegedGlobal?
    private var lists: [ToplevelList] = []
    /// Each mapped window's identifier, and how many were given out.
    private var identifiers: [Int: String] = [:]
    private var given = 0

    package init(display: OpaquePointer, privileges: Privileges, windows: @escaping () -> [(id: Int, toplevel: any Toplevel)]) {
        let global = privileges.global(display: display, interface: segue_ext_foreign_toplevel_list_v1_interface(),
                                       version: 1) { [unowned self] client, version, id in
            guard let list = ToplevelList(global: self, client: client, version: Int32(version), id: id) else { return }
            lists.append(list)
            for (id, toplevel) in windows() { list.windowChanged(id: id, toplevel, identifier: identifier(of: id)) }
        }
        self.global = global
    }

    /// The window's identifier while it is mapped: its id and the count of identifiers given before it.
    private func identifier(of id: Int) -> String {
        if let known = identifiers[id] { return known }
        given += 1
        let made = "segue-\(id)-\(given)"
        identifiers[id] = made
        return made
    }

    package func windowChanged(id: Int, _ toplevel: any Toplevel) {
        let identifier = identifier(of: id)
        for list in lists { list.windowChanged(id: id, toplevel, identifier: identifier) }
    }

    package func windowClosed(id: Int) {
        identifiers[id] = nil
        for list in lists { list.windowClosed(id: id) }
    }

    func listEnded(_ list: ToplevelList) { lists.removeAll { $0 === list } }
}

/// One client's bound ext_foreign_toplevel_list_v1, with a handle per window.
final class ToplevelList: ResourceObject {
    private(set) var resource: OpaquePointer?
    private weak var global: ToplevelListGlobal?
    fileprivate var handles: [Int: (resource: OpaquePointer, title: String, appID: String)] = [:]
    private var stopped = false

    nonisolated(unsafe) static let implementation: UnsafeMutablePointer<ext_foreign_toplevel_list_v1_interface> = {
        let p = UnsafeMutablePointer<ext_foreign_toplevel_list_v1_interface>.allocate(capacity: 1)
        p.initialize(to: ext_foreign_toplevel_list_v1_interface(
            stop: { _, resource in
                guard let resource, let list = Resource.object(resource, as: ToplevelList.self), !list.stopped else { return }
                list.stopped = true
                ext_foreign_toplevel_list_v1_send_finished(resource)
            },
            destroy: Resource.destroy))
        return p
    }()

    init?(global: ToplevelListGlobal, client: OpaquePointer, version: Int32, id: UInt32) {
        self.global = global
        guard let resource = Resource.create(client: client, interface: segue_ext_foreign_toplevel_list_v1_interface(), version: version,
                                             id: id, implementation: Self.implementation, object: self) else { return nil }
        self.resource = resource
    }

    func resourceDestroyed(_ resource: OpaquePointer) {
        self.resource = nil
        global?.listEnded(self)
    }

    func windowChanged(id: Int, _ toplevel: any Toplevel, identifier: String) {
        if let handle = handles[id] {
            guard (handle.title, handle.appID) != (toplevel.title, toplevel.appID) else { return }
            if handle.title != toplevel.title { ext_foreign_toplevel_handle_v1_send_title(handle.resource, toplevel.title) }
            if handle.appID != toplevel.appID { ext_foreign_toplevel_handle_v1_send_app_id(handle.resource, toplevel.appID) }
            ext_foreign_toplevel_handle_v1_send_done(handle.resource)
            handles[id] = (handle.resource, toplevel.title, toplevel.appID)
            return
        }
        guard let resource, !stopped,
              let handle = Resource.create(client: wl_resource_get_client(resource), interface: segue_ext_foreign_toplevel_handle_v1_interface(),
                                           version: 1, id: 0, implementation: Resource.destroyOnly,
                                           object: ToplevelHandle(list: self, windowID: id)) else { return }
        ext_foreign_toplevel_list_v1_send_toplevel(resource, handle)
        ext_foreign_toplevel_handle_v1_send_identifier(handle, identifier)
        ext_foreign_toplevel_handle_v1_send_title(handle, toplevel.title)
        ext_foreign_toplevel_handle_v1_send_app_id(handle, toplevel.appID)
        ext_foreign_toplevel_handle_v1_send_done(handle)
        handles[id] = (handle, toplevel.title, toplevel.appID)
    }

    func windowClosed(id: Int) {
        guard let handle = handles.removeValue(forKey: id) else { return }
        ext_foreign_toplevel_handle_v1_send_closed(handle.resource)
    }
}

/// An ext_foreign_toplevel_handle_v1: the window it names, which a capture
/// source may name in turn. A handle the client destroyed hears nothing more.
final class ToplevelHandle: ResourceObject {
    private weak var list: ToplevelList?
    let windowID: Int

    init(list: ToplevelList, windowID: Int) {
        self.list = list
        self.windowID = windowID
    }

    func resourceDestroyed(_ resource: OpaquePointer) {
        // A closed window's id may be a new window's by now, with a handle of its own.
        if list?.handles[windowID]?.resource == resource { list?.handles[windowID] = nil }
    }
}
