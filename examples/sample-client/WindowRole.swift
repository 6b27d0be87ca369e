import CWaylandClient
import SegueClientSupport

/// What a window's surface is to the compositor: a toplevel, or a layer
/// surface (a bar, a launcher, a notification). Either hands the window the
/// size it is configured to and acknowledges each configure.
protocol WindowRole: AnyObject {
    func ack(serial: UInt32)
    func destroy()
}

/// The surface as an xdg_toplevel with an app id and title.
final class ToplevelRole: WindowRole {
    private let xdgSurface: OpaquePointer
    private let toplevel: OpaquePointer
    private unowned let window: Window

    init(window: Window, surface: OpaquePointer, wmBase: OpaquePointer, appID: String, title: String) {
        self.window = window
        xdgSurface = xdg_wm_base_get_xdg_surface(wmBase, surface)
        toplevel = xdg_surface_get_toplevel(xdgSurface)
        xdg_surface_add_listener(xdgSurface, xdgSurfaceListener, listenerData(window))
        xdg_toplevel_add_listener(toplevel, toplevelListener, listenerData(window))
        xdg_toplevel_set_app_id(toplevel, appID)
        xdg_toplevel_set_title(toplevel, title)
    }

    func ack(serial: UInt32) { xdg_surface_ack_configure(xdgSurface, serial) }

    func destroy() {
        xdg_toplevel_destroy(toplevel)
        xdg_surface_destroy(xdgSurface)
    }
}

/// The surface as a wlr layer surface placed as `kind` asks.
final class LayerRole: WindowRole {
    private let layerSurface: OpaquePointer

    init(window: Window, surface: OpaquePointer, shell: OpaquePointer, kind: LayerKind) {
        let placement = kind.placement
        layerSurface = zwlr_layer_shell_v1_get_layer_surface(shell, surface, nil, placement.layer, kind.namespace)
        zwlr_layer_surface_v1_add_listener(layerSurface, layerSurfaceListener, listenerData(window))
        zwlr_layer_surface_v1_set_size(layerSurface, placement.width, placement.height)
        zwlr_layer_surface_v1_set_anchor(layerSurface, placement.anchor)
        zwlr_layer_surface_v1_set_exclusive_zone(layerSurface, placement.exclusiveZone)
        zwlr_layer_surface_v1_set_margin(layerSurface, placement.margin, placement.margin, placement.margin, placement.margin)
        zwlr_layer_surface_v1_set_keyboard_interactivity(layerSurface, placement.keyboard)
    }

    func ack(serial: UInt32) { zwlr_layer_surface_v1_ack_configure(layerSurface, serial) }

    func destroy() { zwlr_layer_surface_v1_destroy(layerSurface) }
}

/// The layer surfaces the sample client can be, each placed as the desktop's own tool of its kind is.
enum LayerKind: String, CaseIterable {
    /// A taskbar along the bottom keeping its strip, a button for each window (waybar's taskbar).
    case bar
    /// A box in the middle over everything, taking the keyboard (fuzzel, wofi).
    case launcher
    /// A box in the top right corner (mako).
    case notification

    /// The namespace Segue's `[layers]` picks the motion by: the one the real tool uses.
    var namespace: String {
        switch self {
        case .bar: "segue-bar"
        case .launcher: "launcher"
        case .notification: "notifications"
        }
    }

    var placement: LayerPlacement {
        let top: UInt32 = 1, bottom: UInt32 = 2, left: UInt32 = 4, right: UInt32 = 8
        switch self {
        case .bar: return LayerPlacement(layer: 2, anchor: bottom | left | right, width: 0, height: Taskbar.height,
                                         exclusiveZone: Int32(Taskbar.height), margin: 0, keyboard: 0)
        case .launcher: return LayerPlacement(layer: 3, anchor: 0, width: 240, height: 64, exclusiveZone: 0, margin: 0, keyboard: 1)
        case .notification: return LayerPlacement(layer: 2, anchor: top | right, width: 160, height: 48, exclusiveZone: 0, margin: 8, keyboard: 0)
        }
    }
}

/// A layer surface's requests before its first commit: layer, anchors (0: centred), size
/// (0: stretched between anchors), the strip it keeps, its margin on every side, keyboard interactivity.
struct LayerPlacement {
    let layer: UInt32
    let anchor: UInt32
    let width: UInt32
    let height: UInt32
    let exclusiveZone: Int32
    let margin: Int32
    let keyboard: UInt32
}

private nonisolated(unsafe) let xdgSurfaceListener = fixedListener(xdg_surface_listener(
    configure: { data, _, serial in (listenerObject(data) as Window).configure(serial: serial) }
))

private nonisolated(unsafe) let toplevelListener = fixedListener(xdg_toplevel_listener(
    configure: { data, _, width, height, _ in
        (listenerObject(data) as Window).suggest(width: width, height: height)
    },
    close: { data, _ in (listenerObject(data) as Window).close() },
    // Only sent from xdg_wm_base version 4 and 5; the client binds version 1.
    configure_bounds: nil,
    wm_capabilities: nil
))

private nonisolated(unsafe) let layerSurfaceListener = fixedListener(zwlr_layer_surface_v1_listener(
    configure: { data, _, serial, width, height in
        let window = listenerObject(data) as Window
        window.suggest(width: Int32(clamping: width), height: Int32(clamping: height))
        window.configure(serial: serial)
    },
    closed: { data, _ in (listenerObject(data) as Window).close() }
))
