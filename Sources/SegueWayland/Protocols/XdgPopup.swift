import CWaylandServer

/// An xdg_popup. Segue shows one window at a time and draws no popups, but it
/// configures them so that clients opening menus carry on, and dismisses any
/// popup that asks for a grab, since there is no grab to give.
final class XdgPopup: ResourceObject, SurfaceRole, XdgRoleObject {
    let resource: OpaquePointer
    let xdgSurface: XdgSurface
    private let geometry: (x: Int32, y: Int32, width: Int32, height: Int32)
    private var sentInitialConfigure = false
    private(set) var isAlive = true

    var roleName: String { "xdg_popup" }

    private init(resource: OpaquePointer, xdgSurface: XdgSurface, positioner: XdgPositioner) {
        self.resource = resource
        self.xdgSurface = xdgSurface
        geometry = (positioner.anchorX + positioner.offsetX, positioner.anchorY + positioner.offsetY,
                    positioner.width, positioner.height)
    }

    static func create(client: OpaquePointer, version: Int32, id: UInt32, xdgSurface: XdgSurface, parent: XdgSurface?,
                       positioner: XdgPositioner?, wmBase: XdgWmBaseResource) -> XdgPopup? {
        guard let positioner, positioner.isComplete else {
            wmBase.postError(.invalidPositioner, "the positioner needs a size and an anchor rectangle")
            return nil
        }
        guard let resource = Resource.create(client: client, interface: segue_xdg_popup_interface(),
                                             version: version, id: id) else { return nil }
        let popup = XdgPopup(resource: resource, xdgSurface: xdgSurface, positioner: positioner)
        Resource.attach(resource, implementation: implementation, object: popup)
        guard xdgSurface.surface.assign(popup, orPost: { wmBase.postError(.role, $0) }) else { return nil }
        return popup
    }

    func surfaceCommitted(_ surface: Surface) {
        guard xdgSurface.allowsCommit(), !sentInitialConfigure else { return }
        sentInitialConfigure = true
        configure()
    }

    func surfaceDestroyed(_ surface: Surface) {}

    func resourceDestroyed(_ resource: OpaquePointer) {
        isAlive = false
        xdgSurface.surface.clearRole(self)
    }

    private func configure() {
        xdg_popup_send_configure(resource, geometry.x, geometry.y, geometry.width, geometry.height)
        xdgSurface.sendConfigure()
    }

    nonisolated(unsafe) private static let implementation: UnsafeMutablePointer<xdg_popup_interface> = {
        let table = UnsafeMutablePointer<xdg_popup_interface>.allocate(capacity: 1)
        table.initialize(to: xdg_popup_interface(
            destroy: Resource.destroy,
            grab: { _, resource, _, _ in
                if let resource { xdg_popup_send_popup_done(resource) }
            },
            reposition: { _, resource, _, token in
                guard let resource, let popup = Resource.object(resource, as: XdgPopup.self) else { return }
                xdg_popup_send_repositioned(resource, token)
                popup.configure()
            }
        ))
        return table
    }()
}
