import CWaylandClient
import Glibc
import SegueClientSupport

/// The connection to the compositor and the globals the client binds: wl_compositor,
/// wl_shm, xdg_wm_base, each wl_output for its scale, and where offered zwp_linux_dmabuf_v1,
/// zwlr_layer_shell_v1 and zwlr_foreign_toplevel_manager_v1 (the last privileged in Segue).
final class Connection {
    struct Failure: Error {
        let message: String
    }

    let display: OpaquePointer
    private let registry: OpaquePointer
    private(set) var compositor: OpaquePointer?
    private(set) var shm: OpaquePointer?
    private(set) var wmBase: OpaquePointer?
    private(set) var dmabuf: OpaquePointer?
    private(set) var layerShell: OpaquePointer?
    private(set) var toplevelManager: OpaquePointer?
    /// The (fourcc, modifier) pairs zwp_linux_dmabuf_v1 takes, as its format and
    /// modifier events list them (a format event: its implicit layout).
    private(set) var dmabufPairs: Set<DmabufPair> = []
    private(set) var outputs: [Output] = []
    /// Called when an output's scale changed.
    var scalesChanged: () -> Void = {}

    /// Connects to $WAYLAND_DISPLAY and waits until the registry has announced its globals.
    init() throws(Failure) {
        guard let display = wl_display_connect(nil) else {
            throw Failure(message: "cannot connect to the Wayland display \(displayName())")
        }
        self.display = display
        registry = wl_display_get_registry(display)
        wl_registry_add_listener(registry, registryListener, listenerData(self))
        guard wl_display_roundtrip(display) >= 0 else {
            wl_display_disconnect(display)
            throw Failure(message: "lost the connection to \(displayName()) while listing its globals")
        }
        for (proxy, name) in [(compositor, "wl_compositor v4"), (shm, "wl_shm"), (wmBase, "xdg_wm_base")]
        where proxy == nil {
            wl_display_disconnect(display)
            throw Failure(message: "the compositor offers no \(name)")
        }
    }

    func disconnect() {
        outputs.forEach { $0.destroy() }
        wl_compositor_destroy(compositor)
        wl_shm_destroy(shm)
        xdg_wm_base_destroy(wmBase)
        if let dmabuf { zwp_linux_dmabuf_v1_destroy(dmabuf) }
        if let layerShell { zwlr_layer_shell_v1_destroy(layerShell) }
        wl_registry_destroy(registry)
        wl_display_disconnect(display)
    }

    fileprivate func announced(name: UInt32, interface: String, version: UInt32) {
        switch interface {
        // Version 4 brings wl_surface.damage_buffer.
        case "wl_compositor" where version >= 4:
            compositor = bind(name, segue_client_wl_compositor_interface(), version: 4)
        case "wl_shm":
            shm = bind(name, segue_client_wl_shm_interface(), version: 1)
        // Version 1 has all this client needs; later ones only add events it would ignore.
        case "xdg_wm_base":
            wmBase = bind(name, segue_client_xdg_wm_base_interface(), version: 1)
            xdg_wm_base_add_listener(wmBase, wmBaseListener, nil)
        // Version 2 brings create_immed, version 3 the modifier events; version 4
        // would list them in a feedback table instead.
        case "zwp_linux_dmabuf_v1" where version >= 2:
            dmabuf = bind(name, segue_client_zwp_linux_dmabuf_v1_interface(), version: min(version, 3))
            zwp_linux_dmabuf_v1_add_listener(dmabuf, dmabufListener, listenerData(self))
        // Version 1 places everything the sample's layer surfaces ask for.
        case "zwlr_layer_shell_v1":
            layerShell = bind(name, segue_client_zwlr_layer_shell_v1_interface(), version: 1)
        // Version 3 brings the parent event; set_rectangle is in every version.
        case "zwlr_foreign_toplevel_manager_v1" where version >= 3:
            toplevelManager = bind(name, segue_client_zwlr_foreign_toplevel_manager_v1_interface(), version: 3)
        // Version 2 brings the scale, so the window can draw sharp on a HiDPI output.
        case "wl_output" where version >= 2:
            if let proxy = bind(name, segue_client_wl_output_interface(), version: 2) {
                outputs.append(Output(proxy, name: name) { [unowned self] in scalesChanged() })
            }
        default:
            break
        }
    }

    fileprivate func offered(_ pair: DmabufPair) { dmabufPairs.insert(pair) }

    fileprivate func removed(name: UInt32) {
        guard let index = outputs.firstIndex(where: { $0.name == name }) else { return }
        outputs.remove(at: index).destroy()
        scalesChanged()
    }

    private func bind(_ name: UInt32, _ interface: UnsafePointer<wl_interface>?, version: UInt32) -> OpaquePointer? {
        wl_registry_bind(registry, name, interface, version).map(OpaquePointer.init)
    }
}

/// The display the client was pointed at, for error messages.
func displayName() -> String {
    getenv("WAYLAND_DISPLAY").map { String(cString: $0) } ?? "wayland-0"
}

private nonisolated(unsafe) let registryListener = fixedListener(wl_registry_listener(
    global: { data, _, name, interface, version in
        (listenerObject(data) as Connection).announced(name: name, interface: String(cString: interface!),
                                                       version: version)
    },
    // Compositors do not withdraw wl_compositor, wl_shm or xdg_wm_base while they run; outputs may go.
    global_remove: { data, _, name in (listenerObject(data) as Connection).removed(name: name) }
))

// The compositor pings to tell a live client from a hung one.
private nonisolated(unsafe) let wmBaseListener = fixedListener(xdg_wm_base_listener(
    ping: { _, wmBase, serial in xdg_wm_base_pong(wmBase, serial) }
))

/// A dmabuf layout: a DRM fourcc code and a modifier (DRM_FORMAT_MOD_INVALID: the implicit one).
struct DmabufPair: Hashable {
    static let implicit: UInt64 = 0x00ff_ffff_ffff_ffff
    let fourcc: UInt32
    let modifier: UInt64
}

private nonisolated(unsafe) let dmabufListener = fixedListener(zwp_linux_dmabuf_v1_listener(
    format: { data, _, format in (listenerObject(data) as Connection).offered(DmabufPair(fourcc: format, modifier: DmabufPair.implicit)) },
    modifier: { data, _, format, high, low in
        (listenerObject(data) as Connection).offered(DmabufPair(fourcc: format, modifier: UInt64(high) << 32 | UInt64(low)))
    }
))
