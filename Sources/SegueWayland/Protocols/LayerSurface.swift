import CWaylandServer
import SegueEngine

/// A zwlr_layer_surface_v1: a surface that is part of the desktop. Its
/// placement, keyboard interactivity and layer are pending until a commit.
/// Its first commit carries no buffer and is answered by a configure; it is
/// on screen from the first commit with a buffer after that, until a commit
/// takes its buffer away, after which it starts over.
package final class LayerSurface: ResourceObject, SurfaceRole, SurfaceCommitCheck {
    package let resource: OpaquePointer
    package let surface: Surface
    package let namespace: String
    /// The order layer surfaces were made in: within a layer, newer ones lie above.
    package let order: Int
    private weak var shell: LayerShell?
    private let shellErrors: ZwlrLayerShellV1Resource
    private var errors: ZwlrLayerSurfaceV1Resource { ZwlrLayerSurfaceV1Resource(resource) }

    /// What the last commit set.
    package private(set) var placement = LayerRequest()
    package private(set) var keyboard = KeyboardInteractivity.none
    package private(set) var layer: DesktopLayer
    private var pendingPlacement = LayerRequest()
    private var pendingKeyboard = KeyboardInteractivity.none
    private var pendingLayer: DesktopLayer

    /// Whether its client waits for a configure answering a commit without a buffer.
    package private(set) var awaitsConfigure = false
    /// Its initial commit (one without a buffer) was made, and it did not
    /// leave the screen since: the compositor places it, and it may map.
    package private(set) var initialized = false
    /// Serials sent and not yet acknowledged, oldest first.
    private var unackedSerials: [UInt32] = []
    /// The size last sent, in surface units; nil before the first configure.
    private var lastConfigured: (width: Int, height: Int)?
    /// On screen: a buffer was committed after a configure.
    package private(set) var mapped = false
    /// Where the shell placed it, in surface units of the output.
    package var rect = PixelRect(x: 0, y: 0, width: 0, height: 0)
    /// Popups placed against it (get_popup), oldest first.
    package private(set) var popups: [XdgPopup] = []

    func disown(_ popup: XdgPopup) { popups.removeAll { $0 === popup } }

    /// Dismisses its popups and those opened from them, topmost first.
    package func dismissPopups() {
        XdgPopup.dismiss(popups.flatMap { [$0] + $0.xdgSurface.popupTree }.sorted { $0.creation < $1.creation })
    }

    private init(resource: OpaquePointer, surface: Surface, layer: DesktopLayer, namespace: String, order: Int, shell: LayerShell,
                 shellErrors: ZwlrLayerShellV1Resource) {
        self.resource = resource
        self.surface = surface
        self.layer = layer
        pendingLayer = layer
        self.namespace = namespace
        self.order = order
        self.shell = shell
        self.shellErrors = shellErrors
    }

    static func create(client: OpaquePointer, version: Int32, id: UInt32, surface: Surface, layer: DesktopLayer, namespace: String,
                       order: Int, shell: LayerShell, shellErrors: ZwlrLayerShellV1Resource) -> LayerSurface? {
        guard let resource = Resource.create(client: client, interface: segue_zwlr_layer_surface_v1_interface(),
                                             version: version, id: id) else { return nil }
        let layerSurface = LayerSurface(resource: resource, surface: surface, layer: layer, namespace: namespace, order: order,
                                        shell: shell, shellErrors: shellErrors)
        Resource.attach(resource, implementation: implementation, object: layerSurface)
        guard surface.assign(layerSurface, orPost: { shellErrors.postError(.role, $0) }) else { return nil }
        surface.commitCheck = layerSurface
        return layerSurface
    }

    package var roleName: String { "zwlr_layer_surface_v1" }
    package var client: OpaquePointer { surface.client }

    /// Tells the client the size to draw at, in surface units: always when it
    /// waits for an answer to a commit without a buffer, else only when the size differs from the last.
    package func configure(width: Int, height: Int) {
        guard awaitsConfigure || lastConfigured.map({ $0 != (width, height) }) ?? false else { return }
        awaitsConfigure = false
        lastConfigured = (width, height)
        let serial = wl_display_next_serial(wl_client_get_display(surface.client))
        unackedSerials.append(serial)
        zwlr_layer_surface_v1_send_configure(resource, serial, UInt32(clamping: width), UInt32(clamping: height))
    }

    /// A commit's size must be given, or stretched between anchors; its
    /// first buffer must follow a configure.
    func surfaceMayCommit(_ surface: Surface) -> Bool {
        let anchor = pendingPlacement.anchor
        if pendingPlacement.width == 0 && !anchor.isSuperset(of: [.left, .right]) {
            errors.postError(.invalidSize, "width 0 needs anchors on the left and right edges")
            return false
        }
        if pendingPlacement.height == 0 && !anchor.isSuperset(of: [.top, .bottom]) {
            errors.postError(.invalidSize, "height 0 needs anchors on the top and bottom edges")
            return false
        }
        if surface.hasPendingBuffer && !initialized && shell?.toleratesBufferBeforeConfigure != true {
            errors.postError(.invalidSurfaceState, "a buffer was committed before the layer surface was configured")
            return false
        }
        return true
    }

    func surfaceMayAttach(_ surface: Surface) -> Bool { true }

    package func surfaceCommitted(_ surface: Surface, _ changes: inout CommitChanges) {
        placement = pendingPlacement
        keyboard = pendingKeyboard
        layer = pendingLayer
        if surface.hasBuffer {
            // A tolerated early buffer: the initial commit and the one answering it at once.
            if !initialized {
                initialized = true
                awaitsConfigure = true
            }
            mapped = true
        } else if mapped {
            // Off the screen, its menus with it; on again only after another initial commit.
            mapped = false
            initialized = false
            dismissPopups()
        } else {
            // The initial commit: answered by a configure.
            initialized = true
            awaitsConfigure = true
        }
        shell?.delegate?.layerSurfaceCommitted(self)
    }

    package func surfaceDestroyed(_ surface: Surface) { gone() }

    package func resourceDestroyed(_ resource: OpaquePointer) {
        surface.clearRole(self)
        if surface.commitCheck === self { surface.commitCheck = nil }
        gone()
    }

    private var isGone = false

    private func gone() {
        guard !isGone else { return }
        isGone = true
        mapped = false
        dismissPopups()
        shell?.delegate?.layerSurfaceDestroyed(self)
    }

    private func ack(_ serial: UInt32) {
        guard let index = unackedSerials.firstIndex(of: serial) else {
            return errors.postError(.invalidSurfaceState, "ack_configure with serial \(serial), which was never sent or was acknowledged already")
        }
        unackedSerials.removeFirst(index + 1)
    }

    nonisolated(unsafe) private static let implementation: UnsafeMutablePointer<zwlr_layer_surface_v1_interface> = {
        let table = UnsafeMutablePointer<zwlr_layer_surface_v1_interface>.allocate(capacity: 1)
        table.initialize(to: zwlr_layer_surface_v1_interface(
            set_size: { _, resource, width, height in
                guard let layer = Resource.object(resource, as: LayerSurface.self) else { return }
                layer.pendingPlacement.width = Int(width)
                layer.pendingPlacement.height = Int(height)
            },
            set_anchor: { _, resource, anchor in
                guard let layer = Resource.object(resource, as: LayerSurface.self) else { return }
                guard anchor & ~LayerAnchor.all.rawValue == 0 else {
                    return layer.errors.postError(.invalidAnchor, "anchor \(anchor) has bits past the four edges")
                }
                layer.pendingPlacement.anchor = LayerAnchor(rawValue: anchor)
            },
            set_exclusive_zone: { _, resource, zone in
                Resource.object(resource, as: LayerSurface.self)?.pendingPlacement.exclusiveZone = Int(zone)
            },
            set_margin: { _, resource, top, right, bottom, left in
                Resource.object(resource, as: LayerSurface.self)?.pendingPlacement.margin =
                    EdgeDistances(top: Int(top), right: Int(right), bottom: Int(bottom), left: Int(left))
            },
            set_keyboard_interactivity: { _, resource, value in
                guard let layer = Resource.object(resource, as: LayerSurface.self) else { return }
                // on_demand came with version 4.
                guard let keyboard = KeyboardInteractivity(rawValue: value), keyboard != .onDemand || wl_resource_get_version(resource) >= 4 else {
                    return layer.errors.postError(.invalidKeyboardInteractivity, "no keyboard interactivity \(value)")
                }
                layer.pendingKeyboard = keyboard
            },
            get_popup: { _, resource, popupResource in
                guard let layer = Resource.object(resource, as: LayerSurface.self),
                      let popup = Resource.object(popupResource, as: XdgPopup.self) else { return }
                guard popup.adoptLayerParent(layer) else {
                    return layer.errors.postError(.invalidSurfaceState, "get_popup on a popup that has a parent or was committed")
                }
                layer.popups.append(popup)
            },
            ack_configure: { _, resource, serial in
                Resource.object(resource, as: LayerSurface.self)?.ack(serial)
            },
            destroy: { _, resource in wl_resource_destroy(resource) },
            set_layer: { _, resource, value in
                guard let layer = Resource.object(resource, as: LayerSurface.self) else { return }
                // wlroots posts the shell's invalid_layer code on the layer surface: clients expect that number.
                guard let newLayer = DesktopLayer(rawValue: value) else {
                    return segue_resource_post_error(resource, 1, "no layer \(value): 0 to 3 are background, bottom, top and overlay")
                }
                layer.pendingLayer = newLayer
            }))
        return table
    }()
}
