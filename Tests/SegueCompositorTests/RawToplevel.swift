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
    /// xdg_toplevel.wm_capabilities values, as last sent (version 5 on).
    private(set) var capabilities: [UInt32]?
    /// How many times xdg_toplevel.close asked it to close.
    private(set) var closeRequests = 0
    /// The wl_output proxies the surface entered and left, in order.
    private(set) var outputEvents: [(entered: Bool, output: OpaquePointer?)] = []

    init(surface: OpaquePointer, xdgSurface: OpaquePointer, toplevel: OpaquePointer) {
        self.surface = surface
        self.xdgSurface = xdgSurface
        self.toplevel = toplevel
        xdg_surface_add_listener(xdgSurface, xdgSurfaceListener, listenerData(self))
        xdg_toplevel_add_listener(toplevel, toplevelListener, listenerData(self))
        wl_surface_add_listener(surface, surfaceListener, listenerData(self))
    }

    fileprivate func output(entered: Bool, _ output: OpaquePointer?) { outputEvents.append((entered, output)) }

    fileprivate func configured(serial: UInt32) { lastConfigureSerial = serial }

    fileprivate func askedToClose() { closeRequests += 1 }

    fileprivate func configured(width: Int32, height: Int32, states: wl_array) {
        lastSize = (width, height)
        lastStates = Self.values(states)
    }

    fileprivate func capabilities(_ values: wl_array) { capabilities = Self.values(values) }

    private static func values(_ array: wl_array) -> [UInt32] {
        (0..<array.size / 4).map { array.data.load(fromByteOffset: $0 * 4, as: UInt32.self) }
    }
}

private nonisolated(unsafe) let xdgSurfaceListener = fixedListener(xdg_surface_listener(
    configure: { data, _, serial in (listenerObject(data) as RawToplevel).configured(serial: serial) }
))

private nonisolated(unsafe) let toplevelListener = fixedListener(xdg_toplevel_listener(
    configure: { data, _, width, height, states in
        if let states { (listenerObject(data) as RawToplevel).configured(width: width, height: height, states: states.pointee) }
    },
    close: { data, _ in (listenerObject(data) as RawToplevel).askedToClose() },
    configure_bounds: { _, _, _, _ in },
    wm_capabilities: { data, _, values in
        if let values { (listenerObject(data) as RawToplevel).capabilities(values.pointee) }
    }
))

private nonisolated(unsafe) let surfaceListener = fixedListener(wl_surface_listener(
    enter: { data, _, output in (listenerObject(data) as RawToplevel).output(entered: true, output) },
    leave: { data, _, output in (listenerObject(data) as RawToplevel).output(entered: false, output) }
))
