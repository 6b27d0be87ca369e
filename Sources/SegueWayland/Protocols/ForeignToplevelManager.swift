import CWaylandServer
import SegueEngine

/// What taskbars need from the shell.
package protocol ForeignToplevelDelegate: AnyObject {
    /// Mapped toplevels in opening order, with the ids clients name them by.
    var openWindows: [(id: Int, toplevel: any Toplevel)] { get }
    /// The window shown, which has the keyboard.
    var shownWindowID: Int? { get }
    /// Shows the window with the switch transition, as every switch does.
    func activate(windowID: Int)
    /// Minimizes the window, as `segue msg minimize` does.
    func minimize(windowID: Int)
    /// Restores the window where it is minimized, as `segue msg restore` does.
    func restore(windowID: Int)
    /// Whether the window is minimized.
    func isMinimized(windowID: Int) -> Bool
    /// Where a taskbar shows the window, on one of its surfaces (surface units; nil: nowhere).
    func setTaskbarRectangle(windowID: Int, on surface: Surface, _ rect: PixelRect?)
    /// Asks the window to close, as its close button would.
    func close(windowID: Int)
}

/// The zwlr_foreign_toplevel_manager_v1 global (version 3), offered to
/// privileged clients only: each bound list hears of every window, its
/// title, app id and states, and acts on them (`ForeignToplevelHandle`).
package final class ForeignToplevelManager {
    package static let version: Int32 = 3
    private var global: PrivilegedGlobal?
    unowned let delegate: ForeignToplevelDelegate
    /// The outputs windows show on.
    let output: OutputGlobal
    /// Each bound manager with its handles.
    private var lists: [ForeignToplevelList] = []

    package init(display: OpaquePointer, privileges: Privileges, output: OutputGlobal, delegate: ForeignToplevelDelegate) {
        self.output = output
        self.delegate = delegate
        let global = privileges.global(display: display, interface: segue_zwlr_foreign_toplevel_manager_v1_interface(),
                                       version: Self.version) { [unowned self] client, version, id in
            guard let list = ForeignToplevelList(manager: self, client: client, version: Int32(version), id: id) else { return }
            lists.append(list)
            for (id, toplevel) in delegate.openWindows { list.windowChanged(id: id, toplevel) }
        }
        self.global = global
    }

    /// A window opened, or its title, app id or states changed.
    package func windowChanged(id: Int, _ toplevel: any Toplevel) {
        for list in lists { list.windowChanged(id: id, toplevel) }
    }

    package func windowClosed(id: Int) {
        for list in lists { list.windowClosed(id: id) }
    }

    /// Another window is shown: activated moves to it.
    package func shownChanged() {
        for (id, toplevel) in delegate.openWindows { windowChanged(id: id, toplevel) }
    }

    func listEnded(_ list: ForeignToplevelList) { lists.removeAll { $0 === list } }
}

/// One client's bound zwlr_foreign_toplevel_manager_v1: a handle per window.
final class ForeignToplevelList: ResourceObject {
    private(set) var resource: OpaquePointer?
    private weak var manager: ForeignToplevelManager?
    private var handles: [Int: ForeignToplevelHandle] = [:]

    nonisolated(unsafe) static let implementation: UnsafeMutablePointer<zwlr_foreign_toplevel_manager_v1_interface> = {
        let p = UnsafeMutablePointer<zwlr_foreign_toplevel_manager_v1_interface>.allocate(capacity: 1)
        p.initialize(to: zwlr_foreign_toplevel_manager_v1_interface(
            stop: { _, resource in
                guard let resource else { return }
                zwlr_foreign_toplevel_manager_v1_send_finished(resource)
                wl_resource_destroy(resource)
            }))
        return p
    }()

    init?(manager: ForeignToplevelManager, client: OpaquePointer, version: Int32, id: UInt32) {
        self.manager = manager
        guard let resource = Resource.create(client: client, interface: segue_zwlr_foreign_toplevel_manager_v1_interface(),
                                             version: version, id: id, implementation: Self.implementation, object: self) else { return nil }
        self.resource = resource
    }

    func resourceDestroyed(_ resource: OpaquePointer) {
        self.resource = nil
        manager?.listEnded(self)
    }

    func windowChanged(id: Int, _ toplevel: any Toplevel) {
        guard let resource, let manager else { return }
        let (activated, minimized) = (manager.delegate.shownWindowID == id, manager.delegate.isMinimized(windowID: id))
        if let handle = handles[id] { return handle.describe(toplevel, activated: activated, minimized: minimized) }
        let client = wl_resource_get_client(resource)!
        guard let handle = ForeignToplevelHandle(client: client, version: wl_resource_get_version(resource), windowID: id,
                                                 delegate: manager.delegate) else { return }
        handles[id] = handle
        zwlr_foreign_toplevel_manager_v1_send_toplevel(resource, handle.resource)
        for output in manager.output.resources(for: client) { handle.entered(output.resource) }
        handle.describe(toplevel, activated: activated, minimized: minimized, named: true)
    }

    func windowClosed(id: Int) {
        handles.removeValue(forKey: id)?.closed()
    }
}
