import CWaylandClient
import SegueClientSupport
import SegueEngine

/// A wl_surface made an xdg_popup by a RawClient, with what it was told: the
/// rectangle it was configured to, the last xdg_surface serial, popup_done.
final class RawPopup {
    let surface: OpaquePointer
    let xdgSurface: OpaquePointer
    let popup: OpaquePointer
    private(set) var rectangle: PixelRect?
    private(set) var lastConfigureSerial: UInt32?
    private(set) var done = false
    /// wl_surface.enter (true) and leave (false), in order.
    fileprivate(set) var outputEvents: [Bool] = []
    /// Which popup_done this was, counting every RawPopup's: the order they came in.
    private(set) var doneOrder: Int?
    private nonisolated(unsafe) static var dones = 0

    init(surface: OpaquePointer, xdgSurface: OpaquePointer, popup: OpaquePointer) {
        self.surface = surface
        self.xdgSurface = xdgSurface
        self.popup = popup
        xdg_surface_add_listener(xdgSurface, popupSurfaceListener, listenerData(self))
        xdg_popup_add_listener(popup, popupListener, listenerData(self))
        wl_surface_add_listener(surface, popupWlSurfaceListener, listenerData(self))
    }

    fileprivate func configured(serial: UInt32) { lastConfigureSerial = serial }
    fileprivate func configured(_ rectangle: PixelRect) { self.rectangle = rectangle }
    fileprivate func dismissed() {
        done = true
        Self.dones += 1
        doneOrder = Self.dones
    }
}

private nonisolated(unsafe) let popupSurfaceListener = fixedListener(xdg_surface_listener(
    configure: { data, _, serial in (listenerObject(data) as RawPopup).configured(serial: serial) }
))

private nonisolated(unsafe) let popupListener = fixedListener(xdg_popup_listener(
    configure: { data, _, x, y, width, height in
        (listenerObject(data) as RawPopup).configured(PixelRect(x: Int(x), y: Int(y), width: Int(width), height: Int(height)))
    },
    popup_done: { data, _ in (listenerObject(data) as RawPopup).dismissed() },
    repositioned: { _, _, _ in }
))

private nonisolated(unsafe) let popupWlSurfaceListener = fixedListener(wl_surface_listener(
    enter: { data, _, _ in (listenerObject(data) as RawPopup).outputEvents.append(true) },
    leave: { data, _, _ in (listenerObject(data) as RawPopup).outputEvents.append(false) }
))
