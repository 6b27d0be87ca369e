import CWaylandServer
import SegueEngine

/// An xdg_popup: a menu or tooltip, placed by its positioner against its
/// parent and drawn over it while mapped. One that took an explicit grab has
/// the keyboard and goes (popup_done) when a press lands outside its client or
/// its window loses the keyboard.
package final class XdgPopup: ResourceObject, SurfaceRole, XdgRoleObject {
    let resource: OpaquePointer
    package let xdgSurface: XdgSurface
    /// The xdg_surface it is placed against; nil when the client named none
    /// (Segue offers no other protocol to name one) or it went.
    package private(set) weak var parent: XdgSurface?
    /// The layer surface it is placed against instead, named with its get_popup (a bar's menu).
    package private(set) weak var layerParent: LayerSurface?
    private let wmBase: XdgWmBaseResource
    private var placement: PopupPlacement
    /// Where it was last configured, in the parent's window-geometry coordinates.
    package private(set) var rectangle = PixelRect(x: 0, y: 0, width: 0, height: 0)
    private var sentInitialConfigure = false
    package private(set) var mapped = false
    /// Took an explicit grab before it was mapped.
    package private(set) var grabbing = false
    /// popup_done was sent: it stays off screen until the client destroys it.
    private var dismissed = false
    private(set) var isAlive = true
    /// When it was made, among all popups: a later one stacks above an earlier one.
    package let creation: UInt64
    nonisolated(unsafe) private static var made: UInt64 = 0

    static let kind = "xdg_popup"
    package var roleName: String { Self.kind }
    private var delegate: PopupDelegate? { xdgSurface.popupDelegate }

    private init(resource: OpaquePointer, xdgSurface: XdgSurface, parent: XdgSurface?, placement: PopupPlacement,
                 wmBase: XdgWmBaseResource) {
        self.resource = resource
        self.xdgSurface = xdgSurface
        self.parent = parent
        self.placement = placement
        self.wmBase = wmBase
        Self.made += 1
        creation = Self.made
    }

    static func create(client: OpaquePointer, version: Int32, id: UInt32, xdgSurface: XdgSurface, parent: XdgSurface?,
                       positioner: XdgPositioner?, wmBase: XdgWmBaseResource) -> XdgPopup? {
        guard let positioner, positioner.isComplete else {
            wmBase.postError(.invalidPositioner, "the positioner needs a size and an anchor rectangle")
            return nil
        }
        if let parent, let refusal = refusal(of: parent, for: xdgSurface) {
            wmBase.postError(.invalidPopupParent, refusal)
            return nil
        }
        guard let resource = Resource.create(client: client, interface: segue_xdg_popup_interface(),
                                             version: version, id: id) else { return nil }
        let popup = XdgPopup(resource: resource, xdgSurface: xdgSurface, parent: parent, placement: positioner.placement,
                             wmBase: wmBase)
        Resource.attach(resource, implementation: implementation, object: popup)
        guard xdgSurface.surface.assign(popup, orPost: { wmBase.postError(.role, $0) }) else { return nil }
        parent?.adopt(popup)
        return popup
    }

    /// Popups opened from popups, at most: a menu and its submenus are a few;
    /// the chain is walked when placing, focusing and dismissing.
    package static let maximumNesting = 32

    /// Why `parent` cannot hold a popup of `xdgSurface`, or nil: it must be a
    /// toplevel or a popup already, and never the popup itself or one opened
    /// from it (a loop would have no window to be drawn in).
    private static func refusal(of parent: XdgSurface, for xdgSurface: XdgSurface) -> String? {
        var ancestor: XdgSurface? = parent
        var depth = 0
        while let current = ancestor {
            guard current !== xdgSurface else { return "the popup's parent is the popup itself or a popup opened from it" }
            guard current.hasRoleObject else { return "the popup's parent is neither a toplevel nor a popup" }
            depth += 1
            guard depth <= maximumNesting else { return "popups nested more than \(maximumNesting) deep" }
            ancestor = current.popup?.parent
        }
        return nil
    }

    /// The popup surface's top left relative to its parent surface's.
    package var surfaceOffset: (x: Int, y: Int) {
        ((parent?.geometry?.x ?? 0) + rectangle.x - (xdgSurface.geometry?.x ?? 0),
         (parent?.geometry?.y ?? 0) + rectangle.y - (xdgSurface.geometry?.y ?? 0))
    }

    package func surfaceCommitted(_ surface: Surface, _ changes: inout CommitChanges) {
        guard xdgSurface.allowsCommit() else { return }
        changes.geometryChanged = xdgSurface.applyGeometry()
        if !sentInitialConfigure {
            guard parent != nil || layerParent != nil else {
                wmBase.postError(.invalidPopupParent, "the popup has no parent xdg_surface")
                return
            }
            sentInitialConfigure = true
            configure()
            // A tolerated early buffer maps the popup now, configured just before.
            guard surface.hasBuffer && xdgSurface.toleratesBufferBeforeConfigure else { return }
        }
        if !mapped && !dismissed && xdgSurface.configured && surface.hasBuffer {
            // xdg-shell maps a popup only over a mapped parent; one opened too late just goes.
            guard parent?.isMapped ?? layerParent?.mapped ?? false else { return dismiss() }
            mapped = true
            delegate?.popupMapped(self)
        } else if mapped && !surface.hasBuffer {
            unmap()
            // Mapping again takes the first commit's handshake again, as for a toplevel.
            sentInitialConfigure = false
            xdgSurface.startOver()
        }
    }

    /// Sends popup_done to this popup and those opened from it, topmost first, and takes them off screen.
    package func dismiss() { Self.dismiss([self] + xdgSurface.popupTree) }

    /// Dismisses `popups` (oldest first), newest first, as xdg-shell has
    /// clients destroy them. All are marked before any goes, so the keyboard
    /// passes none of them on its way back.
    static func dismiss(_ popups: [XdgPopup]) {
        let going = popups.filter { $0.isAlive && !$0.dismissed }.reversed()
        for popup in going { popup.dismissed = true }
        for popup in going {
            xdg_popup_send_popup_done(popup.resource)
            popup.unmap()
        }
    }

    /// Dismissed: on its way off screen, or off it until the client destroys it.
    package var isDismissed: Bool { dismissed }

    /// Its wl_surface is gone: nothing of it is drawn or told of outputs again.
    package func surfaceDestroyed(_ surface: Surface) {
        unmap()
        parent?.disown(self)
        layerParent?.disown(self)
    }

    /// A layer surface's get_popup: it is placed against that surface from
    /// its first commit on. Only a popup made without a parent, not yet committed, may be.
    func adoptLayerParent(_ layer: LayerSurface) -> Bool {
        guard parent == nil, layerParent == nil, !sentInitialConfigure else { return false }
        layerParent = layer
        return true
    }

    package func resourceDestroyed(_ resource: OpaquePointer) {
        isAlive = false
        unmap()
        // Popups opened from it go too, shown or not: a role object made later gets none of them.
        xdgSurface.dismissPopups()
        parent?.disown(self)
        layerParent?.disown(self)
        xdgSurface.surface.clearRole(self)
    }

    private func unmap() {
        guard mapped else { return }
        // Off screen before the popups opened from it go, so none hands the keyboard back to it.
        mapped = false
        xdgSurface.dismissPopups()
        delegate?.popupUnmapped(self)
    }

    private func configure() {
        rectangle = placement.rectangle(within: delegate?.popupBounds(self))
        xdg_popup_send_configure(resource, Int32(clamping: rectangle.x), Int32(clamping: rectangle.y),
                                 Int32(clamping: rectangle.width), Int32(clamping: rectangle.height))
        xdgSurface.sendConfigure()
    }

    private func grab() {
        guard !mapped, !sentInitialConfigure else {
            XdgPopupResource(resource).postError(.invalidGrab, "grab after the popup's initial commit")
            return
        }
        if let parentPopup = parent?.popup, !parentPopup.grabbing {
            XdgPopupResource(resource).postError(.invalidGrab, "a grabbing popup's parent popup took no grab")
            return
        }
        // Only a window that has the keyboard may hand it to its popup; any other grab is refused by dismissing.
        guard delegate?.popupMayGrab(self) == true else { return dismiss() }
        grabbing = true
    }

    nonisolated(unsafe) private static let implementation: UnsafeMutablePointer<xdg_popup_interface> = {
        let table = UnsafeMutablePointer<xdg_popup_interface>.allocate(capacity: 1)
        table.initialize(to: xdg_popup_interface(
            destroy: { _, resource in
                guard let resource, let popup = Resource.object(resource, as: XdgPopup.self) else { return }
                if popup.xdgSurface.hasPopupsOnScreen {
                    popup.wmBase.postError(.notTheTopmostPopup, "xdg_popup destroyed while a popup opened from it is still shown")
                    return
                }
                wl_resource_destroy(resource)
            },
            grab: { _, resource, _, _ in
                guard let resource else { return }
                Resource.object(resource, as: XdgPopup.self)?.grab()
            },
            reposition: { _, resource, positioner, token in
                guard let resource, let popup = Resource.object(resource, as: XdgPopup.self),
                      let positioner = Resource.object(positioner, as: XdgPositioner.self) else { return }
                guard positioner.isComplete else {
                    popup.wmBase.postError(.invalidPositioner, "the positioner needs a size and an anchor rectangle")
                    return
                }
                popup.placement = positioner.placement
                guard popup.sentInitialConfigure, !popup.dismissed else { return }
                xdg_popup_send_repositioned(resource, token)
                popup.configure()
            }
        ))
        return table
    }()
}
