import CWaylandServer
import SegueEngine

/// An xdg_surface: the configure/ack handshake shared by toplevels and popups.
package final class XdgSurface: ResourceObject, SurfaceCommitCheck {
    package let resource: OpaquePointer
    package let surface: Surface
    private weak var wmBase: XdgWmBase?
    private let wmBaseResource: XdgWmBaseResource
    /// The toplevel or popup made from this xdg_surface; it holds this object, not the reverse.
    private weak var roleObject: XdgRoleObject?
    /// Whether a toplevel or popup was ever made: once it was, the surface stays constructed.
    private var madeRoleObject = false
    /// Serials sent and not yet acknowledged, oldest first.
    private var unackedSerials: [UInt32] = []
    /// Whether a configure sent is not acknowledged yet: a commit before that
    /// was drawn for an older one.
    package var awaitsAck: Bool { !unackedSerials.isEmpty }
    /// Whether a configure was sent, acknowledged or not. A buffer may follow
    /// one the client has not read yet, as mutter allows: it raced the
    /// compositor's answer to its initial commit, it did not skip it.
    package private(set) var configured = false
    /// The window's own rectangle within the surface (set_window_geometry), as
    /// committed; nil for the whole surface.
    package private(set) var geometry: PixelRect?
    private var pendingGeometry: PixelRect?
    /// Popups opened against this surface, oldest (lowest) first.
    package private(set) var popups: [XdgPopup] = []

    private init(resource: OpaquePointer, surface: Surface, wmBase: XdgWmBase, wmBaseResource: XdgWmBaseResource) {
        self.resource = resource
        self.surface = surface
        self.wmBase = wmBase
        self.wmBaseResource = wmBaseResource
    }

    static func create(client: OpaquePointer, version: Int32, id: UInt32, surface: Surface, wmBase: XdgWmBase,
                       wmBaseResource: XdgWmBaseResource) -> Bool {
        guard let resource = Resource.create(client: client, interface: segue_xdg_surface_interface(),
                                             version: version, id: id) else { return false }
        let xdgSurface = XdgSurface(resource: resource, surface: surface, wmBase: wmBase, wmBaseResource: wmBaseResource)
        Resource.attach(resource, implementation: implementation, object: xdgSurface)
        surface.commitCheck = xdgSurface
        return true
    }

    package var toplevelDelegate: ToplevelDelegate? { wmBase?.toplevelDelegate }
    package var popupDelegate: PopupDelegate? { wmBase?.popupDelegate }
    /// Whether an early buffer is let through (see XdgWmBase); never before a
    /// toplevel or popup was made, which no client of any compositor may do.
    var toleratesBufferBeforeConfigure: Bool { madeRoleObject && wmBase?.toleratesBufferBeforeConfigure ?? false }

    /// The popup this xdg_surface is, if it is one.
    package var popup: XdgPopup? { roleObject as? XdgPopup }
    /// Has a live toplevel or popup.
    var hasRoleObject: Bool { roleObject?.isAlive == true }

    /// Whether its toplevel or popup is on screen.
    var isMapped: Bool {
        switch roleObject {
        case let toplevel as XdgToplevel: toplevel.mapped
        case let popup as XdgPopup: popup.mapped
        default: false
        }
    }

    /// Whether a popup opened against it is still shown (mapped, not dismissed).
    var hasPopupsOnScreen: Bool { popups.contains { $0.mapped } }

    func adopt(_ popup: XdgPopup) { popups.append(popup) }
    func disown(_ popup: XdgPopup) { popups.removeAll { $0 === popup } }

    /// The popups opened against it and against those, oldest first: xdg-shell
    /// stacks a toplevel's popups in the order they were made, whatever their parents.
    package var popupTree: [XdgPopup] {
        // Most windows have none, and this is asked per frame drawn and per pointer move.
        guard !popups.isEmpty else { return [] }
        var all: [XdgPopup] = [], pending = popups
        while let popup = pending.popLast() {
            all.append(popup)
            pending += popup.xdgSurface.popups
        }
        return all.sorted { $0.creation < $1.creation }
    }

    /// Dismisses the popups opened against it and against those, topmost
    /// (newest) first, the order in which xdg-shell has clients destroy them.
    package func dismissPopups() { XdgPopup.dismiss(popupTree) }

    /// Sends xdg_surface.configure after the role's own configure event.
    func sendConfigure() {
        let serial = wl_display_next_serial(wl_client_get_display(wl_resource_get_client(resource)))
        unackedSerials.append(serial)
        configured = true
        xdg_surface_send_configure(resource, serial)
    }

    /// The window was unmapped: xdg-shell has the client start over with a
    /// bare commit, answered by a new first configure, before a buffer.
    func startOver() { configured = false }

    /// Checks a commit against the handshake: no buffer before the first configure.
    func allowsCommit() -> Bool {
        if !configured && surface.hasBuffer && !toleratesBufferBeforeConfigure {
            XdgSurfaceResource(resource).postError(.unconfiguredBuffer, "a buffer was committed before the first configure")
            return false
        }
        return true
    }

    /// The commit being applied takes the window geometry last set: whether it changed.
    func applyGeometry() -> Bool {
        let changed = pendingGeometry.map { $0 != geometry } ?? false
        if let pendingGeometry { geometry = pendingGeometry }
        pendingGeometry = nil
        return changed
    }

    /// Checks an attach against the handshake: xdg-shell makes attaching a
    /// buffer before the first configure an error too, not only committing one.
    func surfaceMayAttach(_ surface: Surface) -> Bool {
        guard !configured && !toleratesBufferBeforeConfigure else { return true }
        XdgSurfaceResource(resource).postError(.unconfiguredBuffer, "a buffer was attached before the first configure")
        return false
    }

    /// Until it has a role object, an xdg_surface may not be committed, configured
    /// or given a geometry.
    func surfaceMayCommit(_ surface: Surface) -> Bool { requireConstructed() }

    /// False, with not_constructed sent, before a toplevel or popup was made.
    private func requireConstructed() -> Bool {
        guard !madeRoleObject else { return true }
        XdgSurfaceResource(resource).postError(.notConstructed, "the xdg_surface has no toplevel or popup yet")
        return false
    }

    package func resourceDestroyed(_ resource: OpaquePointer) {
        if surface.commitCheck === self { surface.commitCheck = nil }
        wmBase?.xdgSurfaceDestroyed(wmBase: wmBaseResource.raw)
    }

    private func ack(_ serial: UInt32) {
        guard requireConstructed() else { return }
        guard let index = unackedSerials.firstIndex(of: serial) else {
            XdgSurfaceResource(resource).postError(.invalidSerial, "ack_configure with serial \(serial), which was never sent or was acknowledged already")
            return
        }
        // Acknowledging a configure acknowledges every older one too.
        unackedSerials.removeFirst(index + 1)
    }

    private func makeRole(_ build: () -> XdgRoleObject?) {
        if roleObject != nil {
            XdgSurfaceResource(resource).postError(.alreadyConstructed, "the xdg_surface already has a role object")
            return
        }
        roleObject = build()
        madeRoleObject = madeRoleObject || roleObject != nil
    }

    nonisolated(unsafe) private static let implementation: UnsafeMutablePointer<xdg_surface_interface> = {
        let table = UnsafeMutablePointer<xdg_surface_interface>.allocate(capacity: 1)
        table.initialize(to: xdg_surface_interface(
            destroy: { _, resource in
                guard let resource, let xdg = Resource.object(resource, as: XdgSurface.self) else { return }
                if xdg.roleObject?.isAlive == true {
                    XdgSurfaceResource(resource).postError(.defunctRoleObject, "xdg_surface destroyed before its role object")
                    return
                }
                wl_resource_destroy(resource)
            },
            get_toplevel: { client, resource, id in
                guard let client, let xdg = Resource.object(resource, as: XdgSurface.self) else { return }
                xdg.makeRole({ XdgToplevel.create(client: client, version: wl_resource_get_version(resource), id: id, xdgSurface: xdg,
                                                  wmBase: xdg.wmBaseResource) })
            },
            get_popup: { client, resource, id, parent, positioner in
                guard let client, let xdg = Resource.object(resource, as: XdgSurface.self) else { return }
                xdg.makeRole({ XdgPopup.create(client: client, version: wl_resource_get_version(resource), id: id, xdgSurface: xdg,
                                               parent: Resource.object(parent, as: XdgSurface.self),
                                               positioner: Resource.object(positioner, as: XdgPositioner.self),
                                               wmBase: xdg.wmBaseResource) })
            },
            set_window_geometry: { _, resource, x, y, width, height in
                guard let xdg = Resource.object(resource, as: XdgSurface.self), xdg.requireConstructed() else { return }
                guard width > 0, height > 0 else {
                    XdgSurfaceResource(resource).postError(.invalidSize, "window geometry \(width)x\(height) is not positive")
                    return
                }
                xdg.pendingGeometry = PixelRect(x: Int(x), y: Int(y), width: Int(width), height: Int(height))
            },
            ack_configure: { _, resource, serial in
                Resource.object(resource, as: XdgSurface.self)?.ack(serial)
            }
        ))
        return table
    }()
}

/// A toplevel or popup: the role object an xdg_surface makes.
protocol XdgRoleObject: AnyObject {
    /// False once the client destroyed it.
    var isAlive: Bool { get }
}

extension Surface {
    /// Popups opened against this surface, where it is an xdg_surface; oldest first.
    package var popups: [XdgPopup] { (commitCheck as? XdgSurface)?.popups ?? (role as? LayerSurface)?.popups ?? [] }
}
