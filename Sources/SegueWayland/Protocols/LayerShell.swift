import CWaylandServer

/// What the shell does with layer surfaces: places them, configures them,
/// draws them and gives them the keyboard.
package protocol LayerShellDelegate: AnyObject {
    /// A layer surface committed: its state may have changed, or it came or went from the screen.
    func layerSurfaceCommitted(_ layer: LayerSurface)
    /// A layer surface was destroyed, or its wl_surface was.
    func layerSurfaceDestroyed(_ layer: LayerSurface)
}

/// The zwlr_layer_shell_v1 global (version 4), offered to every client:
/// bars, wallpapers, launchers and notifications make their surfaces parts
/// of the desktop through it.
package final class LayerShell {
    package static let version: Int32 = 4
    private var global: Global?
    weak var delegate: LayerShellDelegate?
    /// Whether a first commit with a buffer is taken as a commit asking for a
    /// configure followed by one answering it, as Mir does; WLCS's tests
    /// count on it. Otherwise it is invalid_surface_state, as the protocol says.
    let toleratesBufferBeforeConfigure: Bool
    /// Counts layer surfaces made, so those on one layer keep the order they came in.
    private var made = 0

    nonisolated(unsafe) static let implementation: UnsafeMutablePointer<zwlr_layer_shell_v1_interface> = {
        let p = UnsafeMutablePointer<zwlr_layer_shell_v1_interface>.allocate(capacity: 1)
        p.initialize(to: zwlr_layer_shell_v1_interface(
            get_layer_surface: { client, resource, id, surfaceResource, _, layer, namespace in
                guard let client, let owner = Resource.object(resource, as: GlobalOwner<LayerShell>.self),
                      let surface = Resource.object(surfaceResource, as: Surface.self) else { return }
                owner.object?.makeLayerSurface(client: client, shellResource: resource, id: id, surface: surface, layer: layer,
                                              namespace: namespace.map { String(cString: $0) } ?? "")
            },
            destroy: { _, resource in wl_resource_destroy(resource) }))
        return p
    }()

    package init(display: OpaquePointer, delegate: LayerShellDelegate, toleratesBufferBeforeConfigure: Bool = false) {
        self.delegate = delegate
        self.toleratesBufferBeforeConfigure = toleratesBufferBeforeConfigure
        let owner = GlobalOwner<LayerShell>()
        global = Global(display: display, interface: segue_zwlr_layer_shell_v1_interface(), version: Self.version) { client, version, id in
            Resource.create(client: client, interface: segue_zwlr_layer_shell_v1_interface(), version: Int32(version),
                            id: id, implementation: Self.implementation, object: owner)
        }
        owner.object = self
    }

    private func makeLayerSurface(client: OpaquePointer, shellResource: OpaquePointer?, id: UInt32, surface: Surface, layer: UInt32,
                                  namespace: String) {
        let shellErrors = ZwlrLayerShellV1Resource(shellResource)
        guard let layer = DesktopLayer(rawValue: layer) else {
            return shellErrors.postError(.invalidLayer, "no layer \(layer): 0 to 3 are background, bottom, top and overlay")
        }
        guard !surface.hasBuffer && !surface.hasPendingBuffer else {
            return shellErrors.postError(.alreadyConstructed, "wl_surface@\(wl_resource_get_id(surface.resource)) has a buffer already")
        }
        made += 1
        _ = LayerSurface.create(client: client, version: wl_resource_get_version(shellResource), id: id, surface: surface, layer: layer,
                                namespace: namespace, order: made, shell: self, shellErrors: shellErrors)
    }
}
