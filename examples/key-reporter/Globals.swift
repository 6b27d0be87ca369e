import CWaylandClient
import SegueClientSupport

/// The globals the reporter binds: wl_compositor, wl_shm, xdg_wm_base and the first wl_seat.
final class Globals {
    private(set) var compositor: OpaquePointer?
    private(set) var shm: OpaquePointer?
    private(set) var wmBase: OpaquePointer?
    private(set) var seat: OpaquePointer?
    private let registry: OpaquePointer

    init(display: OpaquePointer) {
        registry = wl_display_get_registry(display)
        wl_registry_add_listener(registry, registryListener, listenerData(self))
    }

    fileprivate func announced(name: UInt32, interface: String, version: UInt32) {
        switch interface {
        // Version 4 brings wl_surface.damage_buffer.
        case "wl_compositor" where version >= 4: compositor = bind(name, segue_client_wl_compositor_interface(), 4)
        case "wl_shm": shm = bind(name, segue_client_wl_shm_interface(), 1)
        case "xdg_wm_base":
            wmBase = bind(name, segue_client_xdg_wm_base_interface(), 1)
            xdg_wm_base_add_listener(wmBase, wmBaseListener, nil)
        // Version 5 is the first with wl_pointer.frame, which the reporter ignores; 4 has all it prints.
        case "wl_seat" where seat == nil: seat = bind(name, segue_client_wl_seat_interface(), min(version, 4))
        default: break
        }
    }

    private func bind(_ name: UInt32, _ interface: UnsafePointer<wl_interface>?, _ version: UInt32) -> OpaquePointer? {
        wl_registry_bind(registry, name, interface, version).map(OpaquePointer.init)
    }
}

private nonisolated(unsafe) let registryListener = fixedListener(wl_registry_listener(
    global: { data, _, name, interface, version in
        (listenerObject(data) as Globals).announced(name: name, interface: String(cString: interface!), version: version)
    },
    global_remove: { _, _, _ in }
))

private nonisolated(unsafe) let wmBaseListener = fixedListener(xdg_wm_base_listener(
    ping: { _, wmBase, serial in xdg_wm_base_pong(wmBase, serial) }
))
