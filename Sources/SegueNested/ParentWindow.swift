import CWaylandClient
import SegueClientSupport

/// Segue's window on the parent compositor: a wl_surface with one resizable
/// xdg_toplevel titled "Segue", server-side decorations when the parent offers
/// them, following the parent's configures and the scale of the outputs it is on.
final class ParentWindow {
    let surface: OpaquePointer
    /// In the parent's surface coordinates; the buffer is `scale` times larger.
    private(set) var width: Int
    private(set) var height: Int
    private(set) var scale: Int32 = 1
    private(set) var configured = false
    /// The size or the scale changed.
    var changed: (() -> Void)?
    /// The parent asked the window to close.
    var closed: (() -> Void)?

    private unowned let connection: ParentConnection
    private let xdgSurface: OpaquePointer
    private let toplevel: OpaquePointer
    private var decoration: OpaquePointer?
    private var suggestedSize = (width: Int32(0), height: Int32(0))
    private var enteredOutputs: [OpaquePointer] = []

    /// Creates the toplevel and commits it without a buffer; the first buffer
    /// may follow once `configured` is true.
    init(connection: ParentConnection, width: Int, height: Int) {
        self.connection = connection
        self.width = width
        self.height = height
        surface = wl_compositor_create_surface(connection.compositor)
        xdgSurface = xdg_wm_base_get_xdg_surface(connection.wmBase, surface)
        toplevel = xdg_surface_get_toplevel(xdgSurface)
        wl_surface_add_listener(surface, Self.surfaceListener, listenerData(self))
        xdg_surface_add_listener(xdgSurface, Self.xdgSurfaceListener, listenerData(self))
        xdg_toplevel_add_listener(toplevel, Self.toplevelListener, listenerData(self))
        xdg_toplevel_set_title(toplevel, "Segue")
        xdg_toplevel_set_app_id(toplevel, "segue")
        // Segue draws rows top first, into GL's window rows, which start at the
        // bottom: the parent turns the buffer upright as it shows it.
        wl_surface_set_buffer_transform(surface, Int32(WL_OUTPUT_TRANSFORM_FLIPPED_180.rawValue))
        if let manager = connection.decorationManager {
            decoration = zxdg_decoration_manager_v1_get_toplevel_decoration(manager, toplevel)
            zxdg_toplevel_decoration_v1_set_mode(decoration, ZXDG_TOPLEVEL_DECORATION_V1_MODE_SERVER_SIDE.rawValue)
        }
        wl_surface_commit(surface)
        connection.outputsChanged = { [unowned self] in updateScale() }
    }

    func destroy() {
        connection.outputsChanged = nil
        if let decoration { zxdg_toplevel_decoration_v1_destroy(decoration) }
        xdg_toplevel_destroy(toplevel)
        xdg_surface_destroy(xdgSurface)
        wl_surface_destroy(surface)
    }

    private func configure(serial: UInt32) {
        xdg_surface_ack_configure(xdgSurface, serial)
        configured = true
        // 0×0 leaves the size to Segue: keep the one it has.
        let newWidth = suggestedSize.width > 0 ? Int(suggestedSize.width) : width
        let newHeight = suggestedSize.height > 0 ? Int(suggestedSize.height) : height
        guard (newWidth, newHeight) != (width, height) else { return }
        (width, height) = (newWidth, newHeight)
        changed?()
    }

    /// The largest scale of the outputs the window is on: the parent shows it
    /// sharp there, and scales it down elsewhere. On none (not yet shown, or
    /// hidden), the largest of all, so it is sharp when it shows: a window the
    /// parent hides keeps its scale, and Segue's clients theirs.
    private func updateScale() {
        let entered = connection.outputs.filter { output in enteredOutputs.contains(output.proxy) }
        let newScale = (entered.isEmpty ? connection.outputs : entered).map(\.scale).max() ?? 1
        guard newScale != scale else { return }
        scale = newScale
        changed?()
    }

    private func entered(_ output: OpaquePointer) {
        enteredOutputs.append(output)
        updateScale()
    }

    private func left(_ output: OpaquePointer) {
        enteredOutputs.removeAll { $0 == output }
        updateScale()
    }

    nonisolated(unsafe) private static let surfaceListener = fixedListener(wl_surface_listener(
        enter: { data, _, output in
            guard let output else { return }
            (listenerObject(data) as ParentWindow).entered(output)
        },
        leave: { data, _, output in
            guard let output else { return }
            (listenerObject(data) as ParentWindow).left(output)
        }
    ))

    nonisolated(unsafe) private static let xdgSurfaceListener = fixedListener(xdg_surface_listener(
        configure: { data, _, serial in (listenerObject(data) as ParentWindow).configure(serial: serial) }
    ))

    nonisolated(unsafe) private static let toplevelListener = fixedListener(xdg_toplevel_listener(
        configure: { data, _, width, height, _ in (listenerObject(data) as ParentWindow).suggestedSize = (width, height) },
        close: { data, _ in (listenerObject(data) as ParentWindow).closed?() },
        // Sent from xdg_wm_base version 4 and 5 only; Segue binds version 1.
        configure_bounds: nil,
        wm_capabilities: nil
    ))
}
