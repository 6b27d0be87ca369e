import CWaylandClient
import SegueClientSupport

/// A wl_surface made an xdg_toplevel by a RawClient, and the last configure
/// it was sent (serial, size and states); acknowledging it is left to the test.
final class RawToplevel {
    let surface: OpaquePointer
    let xdgSurface: OpaquePointer
    let toplevel: OpaquePointer
    private(set) var lastConfigureSerial: UInt32?
    private(set) var lastSize: (width: Int32, height: Int32)?
    /// xdg_toplevel.state values, as the last configure listed them.
    private(set) var lastStates: [UInt32] = []

    init(surface: OpaquePointer, xdgSurface: OpaquePointer, toplevel: OpaquePointer) {
        self.surface = surface
        self.xdgSurface = xdgSurface
        self.toplevel = toplevel
        xdg_surface_add_listener(xdgSurface, xdgSurfaceListener, listenerData(self))
        xdg_toplevel_add_listener(toplevel, toplevelListener, listenerData(self))
    }

    fileprivate func configured(serial: UInt32) { lastConfigureSerial = serial }

    fileprivate func configured(width: Int32, height: Int32, states: wl_array) {
        lastSize = (width, height)
        lastStates = (0..<states.size / 4).map { states.data.load(fromByteOffset: $0 * 4, as: UInt32.self) }
    }
}

private nonisolated(unsafe) let xdgSurfaceListener = fixedListener(xdg_surface_listener(
    configure: { data, _, serial in (listenerObject(data) as RawToplevel).configured(serial: serial) }
))

private nonisolated(unsafe) let toplevelListener = fixedListener(xdg_toplevel_listener(
    configure: { data, _, width, height, states in
        if let states { (listenerObject(data) as RawToplevel).configured(width: width, height: height, states: states.pointee) }
    },
    close: { _, _ in },
    configure_bounds: { _, _, _, _ in },
    wm_capabilities: { _, _, _ in }
))
