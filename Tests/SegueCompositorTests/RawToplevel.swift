import CWaylandClient
import SegueClientSupport

/// A wl_surface made an xdg_toplevel by a RawClient, and the last configure
/// serial it was sent; acknowledging it is left to the test.
final class RawToplevel {
    let surface: OpaquePointer
    let xdgSurface: OpaquePointer
    let toplevel: OpaquePointer
    private(set) var lastConfigureSerial: UInt32?

    init(surface: OpaquePointer, xdgSurface: OpaquePointer, toplevel: OpaquePointer) {
        self.surface = surface
        self.xdgSurface = xdgSurface
        self.toplevel = toplevel
        xdg_surface_add_listener(xdgSurface, xdgSurfaceListener, listenerData(self))
    }

    fileprivate func configured(serial: UInt32) { lastConfigureSerial = serial }
}

private nonisolated(unsafe) let xdgSurfaceListener = fixedListener(xdg_surface_listener(
    configure: { data, _, serial in (listenerObject(data) as RawToplevel).configured(serial: serial) }
))
