import CWaylandServer
import SegueEngine

/// One zwlr_foreign_toplevel_handle_v1: a window as a taskbar sees it, told
/// anew as it changes, and its requests carried out by the shell: activate
/// plays the switch transition (a restore, for a minimized window), close
/// asks the window to close, minimize and unminimize play theirs into and
/// out of the rectangle the taskbar set, and maximize and fullscreen ask as
/// its own client would, restoring it first.
final class ForeignToplevelHandle: ResourceObject {
    private(set) var resource: OpaquePointer?
    let windowID: Int
    private weak var delegate: ForeignToplevelDelegate?
    /// What was last sent, so a change sends only what changed.
    private var sent: (title: String, appID: String, states: [UInt32])?
    private var isClosed = false

    nonisolated(unsafe) static let implementation: UnsafeMutablePointer<zwlr_foreign_toplevel_handle_v1_interface> = {
        let p = UnsafeMutablePointer<zwlr_foreign_toplevel_handle_v1_interface>.allocate(capacity: 1)
        p.initialize(to: zwlr_foreign_toplevel_handle_v1_interface(
            set_maximized: { _, resource in handle(resource)?.act { $0.restored()?.askMaximized(true) } },
            unset_maximized: { _, resource in handle(resource)?.act { $0.restored()?.askMaximized(false) } },
            set_minimized: { _, resource in handle(resource)?.act { $0.delegate?.minimize(windowID: $0.windowID) } },
            unset_minimized: { _, resource in handle(resource)?.act { $0.delegate?.restore(windowID: $0.windowID) } },
            activate: { _, resource, _ in handle(resource)?.act { $0.delegate?.activate(windowID: $0.windowID) } },
            close: { _, resource in handle(resource)?.act { $0.delegate?.close(windowID: $0.windowID) } },
            set_rectangle: { _, resource, surface, x, y, width, height in
                guard width >= 0, height >= 0 else {
                    return ZwlrForeignToplevelHandleV1Resource(resource).postError(.invalidRectangle,
                                                                                   "rectangle \(width)x\(height) is negative")
                }
                guard let surface = Resource.object(surface, as: Surface.self) else { return }
                // 0x0 takes the rectangle away.
                let rect = width > 0 && height > 0 ? PixelRect(x: Int(x), y: Int(y), width: Int(width), height: Int(height)) : nil
                handle(resource)?.act { $0.delegate?.setTaskbarRectangle(windowID: $0.windowID, on: surface, rect) }
            },
            destroy: Resource.destroy,
            set_fullscreen: { _, resource, _ in handle(resource)?.act { $0.restored()?.askFullscreen(true) } },
            unset_fullscreen: { _, resource in handle(resource)?.act { $0.restored()?.askFullscreen(false) } }))
        return p
    }()

    private static func handle(_ resource: OpaquePointer?) -> ForeignToplevelHandle? {
        Resource.object(resource, as: ForeignToplevelHandle.self)
    }

    /// A server-made handle (new_id 0), which the caller introduces with the manager's toplevel event.
    init?(client: OpaquePointer, version: Int32, windowID: Int, delegate: ForeignToplevelDelegate) {
        self.windowID = windowID
        self.delegate = delegate
        guard let resource = Resource.create(client: client, interface: segue_zwlr_foreign_toplevel_handle_v1_interface(),
                                             version: version, id: 0, implementation: Self.implementation, object: self) else { return nil }
        self.resource = resource
    }

    func resourceDestroyed(_ resource: OpaquePointer) { self.resource = nil }

    /// A closed window's handle is inert: its requests are ignored.
    private func act(_ request: (ForeignToplevelHandle) -> Void) {
        if !isClosed { request(self) }
    }

    private var toplevel: (any Toplevel)? { delegate?.openWindows.first { $0.id == windowID }?.toplevel }

    /// The toplevel, restored first where it was minimized: a taskbar maximizing a window wants to see it.
    private func restored() -> (any Toplevel)? {
        if delegate?.isMinimized(windowID: windowID) == true { delegate?.restore(windowID: windowID) }
        return toplevel
    }

    func entered(_ output: OpaquePointer) {
        guard let resource else { return }
        zwlr_foreign_toplevel_handle_v1_send_output_enter(resource, output)
    }

    /// Sends what changed of its title, app id and states, then done; all of them when `named` (a new handle).
    func describe(_ toplevel: any Toplevel, activated: Bool, minimized: Bool, named: Bool = false) {
        guard let resource, !isClosed else { return }
        // As it was last configured.
        var states: [UInt32] = []
        if toplevel.lastConfiguration?.maximized == true { states.append(ZWLR_FOREIGN_TOPLEVEL_HANDLE_V1_STATE_MAXIMIZED.rawValue) }
        if minimized { states.append(ZWLR_FOREIGN_TOPLEVEL_HANDLE_V1_STATE_MINIMIZED.rawValue) }
        if activated { states.append(ZWLR_FOREIGN_TOPLEVEL_HANDLE_V1_STATE_ACTIVATED.rawValue) }
        if toplevel.lastConfiguration?.fullscreen == true, wl_resource_get_version(resource) >= 2 {
            states.append(ZWLR_FOREIGN_TOPLEVEL_HANDLE_V1_STATE_FULLSCREEN.rawValue)
        }
        let before = named ? nil : sent
        guard before.map({ ($0.title, $0.appID, $0.states) != (toplevel.title, toplevel.appID, states) }) ?? true else { return }
        if before?.title != toplevel.title { zwlr_foreign_toplevel_handle_v1_send_title(resource, toplevel.title) }
        if before?.appID != toplevel.appID { zwlr_foreign_toplevel_handle_v1_send_app_id(resource, toplevel.appID) }
        if before?.states != states {
            withWaylandArray(states) { zwlr_foreign_toplevel_handle_v1_send_state(resource, $0) }
        }
        zwlr_foreign_toplevel_handle_v1_send_done(resource)
        sent = (toplevel.title, toplevel.appID, states)
    }

    func closed() {
        guard let resource, !isClosed else { return }
        isClosed = true
        zwlr_foreign_toplevel_handle_v1_send_closed(resource)
    }
}
