import CWaylandServer

/// An xdg_toplevel: a window. The compositor says what it is configured to
/// (Segue's own placement: filling the output, maximized unless it asked for
/// fullscreen); it is mapped when its first buffer follows a configure.
package final class XdgToplevel: ResourceObject, SurfaceRole, XdgRoleObject, Toplevel {
    package let resource: OpaquePointer
    package let xdgSurface: XdgSurface
    package private(set) var title = ""
    package private(set) var appID = ""
    package private(set) var mapped = false
    package private(set) var isAlive = true
    private var sentInitialConfigure = false
    package private(set) var lastConfiguration: ToplevelConfiguration?
    /// The toplevel this one is a dialog or child of, if any; never this one or a descendant.
    private weak var parent: XdgToplevel?
    /// The size limits asked for, checked at the commit that applies them. Every
    /// window fills the output, so nothing else reads them.
    private var sizeLimits = SizeLimits()
    /// The states the client asked for, for a compositor that acts on them.
    package private(set) var wantsMaximized = false
    package private(set) var wantsFullscreen = false
    /// Its zxdg_toplevel_decoration_v1, while one lives.
    weak var decoration: ToplevelDecoration?

    /// A toplevel's minimum and maximum sizes; zero leaves a side unlimited.
    private struct SizeLimits {
        var minWidth: Int32 = 0, minHeight: Int32 = 0, maxWidth: Int32 = 0, maxHeight: Int32 = 0

        /// A maximum below the minimum on a side where both are set.
        var isContradictory: Bool {
            (maxWidth > 0 && minWidth > maxWidth) || (maxHeight > 0 && minHeight > maxHeight)
        }
    }

    package var surface: Surface { xdgSurface.surface }
    package var shellSurface: XdgSurface? { xdgSurface }
    static let kind = "xdg_toplevel"
    package var roleName: String { Self.kind }
    private var delegate: ToplevelDelegate? { xdgSurface.toplevelDelegate }

    private init(resource: OpaquePointer, xdgSurface: XdgSurface) {
        self.resource = resource
        self.xdgSurface = xdgSurface
    }

    static func create(client: OpaquePointer, version: Int32, id: UInt32, xdgSurface: XdgSurface,
                       wmBase: XdgWmBaseResource) -> XdgToplevel? {
        guard let resource = Resource.create(client: client, interface: segue_xdg_toplevel_interface(),
                                             version: version, id: id) else { return nil }
        let toplevel = XdgToplevel(resource: resource, xdgSurface: xdgSurface)
        Resource.attach(resource, implementation: implementation, object: toplevel)
        guard xdgSurface.surface.assign(toplevel, orPost: { wmBase.postError(.role, $0) }) else { return nil }
        return toplevel
    }

    /// Sends a configure if what the compositor wants differs from what was last sent.
    package func reconfigure() {
        guard sentInitialConfigure, let delegate else { return }
        let configuration = delegate.configuration(for: self)
        if configuration != lastConfiguration { send(configuration) }
    }

    /// Its decoration mode was configured: once the first configure has gone,
    /// an xdg_surface.configure follows for the client to acknowledge it.
    func decorationConfigured() {
        if sentInitialConfigure { xdgSurface.sendConfigure() }
    }

    /// Asks the client to close the window.
    package func sendClose() { xdg_toplevel_send_close(resource) }

    package func surfaceCommitted(_ surface: Surface, _ changes: inout CommitChanges) {
        guard xdgSurface.allowsCommit() else { return }
        changes.geometryChanged = xdgSurface.applyGeometry()
        guard !sizeLimits.isContradictory else {
            XdgToplevelResource(resource).postError(.invalidSize, "the maximum size is smaller than the minimum size")
            return
        }
        if !sentInitialConfigure {
            sentInitialConfigure = true
            if let delegate { send(delegate.configuration(for: self)) }
            // A tolerated early buffer maps the window now, configured just before.
            guard surface.hasBuffer && xdgSurface.toleratesBufferBeforeConfigure else { return }
        }
        if !mapped && xdgSurface.configured && surface.hasBuffer {
            mapped = true
            delegate?.toplevelMapped(self)
        } else if mapped && !surface.hasBuffer {
            unmap()
            // Mapping again takes the first commit's handshake again, from the
            // state it had when made: no maximize or fullscreen asked for.
            sentInitialConfigure = false
            lastConfiguration = nil
            wantsMaximized = false
            wantsFullscreen = false
            xdgSurface.startOver()
        }
    }

    package func surfaceDestroyed(_ surface: Surface) { unmap() }

    package func surfaceWillLoseBuffer(_ surface: Surface) {
        if mapped { delegate?.toplevelWillUnmap(self) }
    }

    package func resourceDestroyed(_ resource: OpaquePointer) {
        isAlive = false
        unmap()
        // Popups opened from it go too, shown or not: a role object made later gets none of them.
        xdgSurface.dismissPopups()
        surface.clearRole(self)
    }

    /// Takes effect at once, as xdg-shell allows; a mapped window's watchers hear of a real change.
    private func rename(title: String, appID: String) {
        guard title != self.title || appID != self.appID else { return }
        self.title = title
        self.appID = appID
        if mapped { delegate?.toplevelRenamed(self) }
    }

    private func unmap() {
        guard mapped else { return }
        mapped = false
        delegate?.toplevelUnmapped(self)
        // After the window is gone, so no popup hands the keyboard back to a surface going away.
        xdgSurface.dismissPopups()
    }

    private func send(_ configuration: ToplevelConfiguration) {
        defer {
            let statesChanged = lastConfiguration.map { ($0.maximized, $0.fullscreen) != (configuration.maximized, configuration.fullscreen) }
            lastConfiguration = configuration
            if statesChanged == true, mapped { delegate?.toplevelRestated(self) }
        }
        let version = wl_resource_get_version(resource)
        if version >= 5 && lastConfiguration == nil {
            // No window menu to offer; maximize only where it does something.
            let capabilities = (configuration.offersMaximize ? [XDG_TOPLEVEL_WM_CAPABILITIES_MAXIMIZE.rawValue] : [])
                + [XDG_TOPLEVEL_WM_CAPABILITIES_FULLSCREEN.rawValue, XDG_TOPLEVEL_WM_CAPABILITIES_MINIMIZE.rawValue]
            withWaylandArray(capabilities) { xdg_toplevel_send_wm_capabilities(resource, $0) }
        }
        if version >= 4 {
            xdg_toplevel_send_configure_bounds(resource, configuration.width, configuration.height)
        }
        var states: [UInt32] = []
        if configuration.fullscreen { states.append(UInt32(XDG_TOPLEVEL_STATE_FULLSCREEN.rawValue)) }
        if configuration.maximized { states.append(UInt32(XDG_TOPLEVEL_STATE_MAXIMIZED.rawValue)) }
        if configuration.activated { states.append(UInt32(XDG_TOPLEVEL_STATE_ACTIVATED.rawValue)) }
        if configuration.tiled && version >= XDG_TOPLEVEL_STATE_TILED_LEFT_SINCE_VERSION {
            states += [XDG_TOPLEVEL_STATE_TILED_LEFT, XDG_TOPLEVEL_STATE_TILED_RIGHT, XDG_TOPLEVEL_STATE_TILED_TOP,
                       XDG_TOPLEVEL_STATE_TILED_BOTTOM].map { UInt32($0.rawValue) }
        }
        withWaylandArray(states) { xdg_toplevel_send_configure(resource, configuration.width, configuration.height, $0) }
        xdgSurface.sendConfigure()
    }

    nonisolated(unsafe) private static let implementation: UnsafeMutablePointer<xdg_toplevel_interface> = {
        let table = UnsafeMutablePointer<xdg_toplevel_interface>.allocate(capacity: 1)
        table.initialize(to: xdg_toplevel_interface(
            destroy: { _, resource in
                // The decoration must go first; a client that went away destroys both in any order.
                if let decoration = Resource.object(resource, as: XdgToplevel.self)?.decoration { return decoration.orphaned() }
                wl_resource_destroy(resource)
            },
            set_parent: { _, resource, parent in
                guard let toplevel = Resource.object(resource, as: XdgToplevel.self) else { return }
                toplevel.setParent(parent.flatMap { Resource.object($0, as: XdgToplevel.self) })
            },
            set_title: { _, resource, title in
                guard let toplevel = Resource.object(resource, as: XdgToplevel.self), let title else { return }
                toplevel.rename(title: String(cString: title), appID: toplevel.appID)
            },
            set_app_id: { _, resource, appID in
                guard let toplevel = Resource.object(resource, as: XdgToplevel.self), let appID else { return }
                toplevel.rename(title: toplevel.title, appID: String(cString: appID))
            },
            show_window_menu: { _, _, _, _, _, _ in },
            move: { _, _, _, _ in },
            resize: { _, resource, _, _, edges in
                guard edges <= 10 else {
                    XdgToplevelResource(resource).postError(.invalidResizeEdge, "resize edge \(edges) is not an xdg_toplevel.resize_edge")
                    return
                }
            },
            set_max_size: { _, resource, width, height in
                guard let toplevel = Resource.object(resource, as: XdgToplevel.self), checkSize(resource, width, height) else { return }
                (toplevel.sizeLimits.maxWidth, toplevel.sizeLimits.maxHeight) = (width, height)
            },
            set_min_size: { _, resource, width, height in
                guard let toplevel = Resource.object(resource, as: XdgToplevel.self), checkSize(resource, width, height) else { return }
                (toplevel.sizeLimits.minWidth, toplevel.sizeLimits.minHeight) = (width, height)
            },
            // Each is answered with a configure, the same one where the compositor
            // keeps the window as it is: the client hears its request was considered.
            set_maximized: { _, resource in Resource.object(resource, as: XdgToplevel.self)?.request(maximized: true) },
            unset_maximized: { _, resource in Resource.object(resource, as: XdgToplevel.self)?.request(maximized: false) },
            set_fullscreen: { _, resource, _ in Resource.object(resource, as: XdgToplevel.self)?.request(fullscreen: true) },
            unset_fullscreen: { _, resource in Resource.object(resource, as: XdgToplevel.self)?.request(fullscreen: false) },
            set_minimized: { _, resource in
                guard let toplevel = Resource.object(resource, as: XdgToplevel.self), toplevel.mapped else { return }
                toplevel.delegate?.toplevelMinimizeRequested(toplevel)
            }
        ))
        return table
    }()

    /// Asks for it fullscreen or maximized, or not, as its own client would (a taskbar's request).
    package func askFullscreen(_ fullscreen: Bool) { request(fullscreen: fullscreen) }
    package func askMaximized(_ maximized: Bool) { request(maximized: maximized) }

    private func request(maximized: Bool? = nil, fullscreen: Bool? = nil) {
        wantsMaximized = maximized ?? wantsMaximized
        wantsFullscreen = fullscreen ?? wantsFullscreen
        resendConfigure()
    }

    private func resendConfigure() {
        guard sentInitialConfigure, let delegate else { return }
        send(delegate.configuration(for: self))
    }

    /// False, with the error sent, for a negative size.
    private static func checkSize(_ resource: OpaquePointer?, _ width: Int32, _ height: Int32) -> Bool {
        guard width >= 0, height >= 0 else {
            XdgToplevelResource(resource).postError(.invalidSize, "size \(width)x\(height) is negative")
            return false
        }
        return true
    }

    /// A parent that is this toplevel or one of its descendants would make a loop.
    private func setParent(_ newParent: XdgToplevel?) {
        var ancestor = newParent
        while let next = ancestor {
            if next === self {
                XdgToplevelResource(resource).postError(.invalidParent, "the parent is this toplevel or one of its children")
                return
            }
            ancestor = next.parent
        }
        parent = newParent
    }
}
