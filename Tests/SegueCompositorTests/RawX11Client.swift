import CXCB
import Glibc

/// An X11 client made for faults: windows with properties no real program
/// sets (a title of megabytes, a class of garbage), mapped and unmapped at will.
final class RawX11Client {
    private let xcb: OpaquePointer
    private let root: xcb_window_t
    private let visual: xcb_visualid_t

    init(display: String) throws {
        guard let xcb = xcb_connect(display, nil), xcb_connection_has_error(xcb) == 0,
              let screen = xcb_setup_roots_iterator(xcb_get_setup(xcb)).data else {
            throw CompositorTestError("cannot connect to the X display \(display)")
        }
        self.xcb = xcb
        root = screen.pointee.root
        visual = screen.pointee.root_visual
    }

    deinit { xcb_disconnect(xcb) }

    /// A window filled with `colour` (0xRRGGBB) at (x, y); `placesItself`
    /// makes it override-redirect, as menus and tooltips are.
    func window(x: Int16 = 0, y: Int16 = 0, width: UInt16 = 200, height: UInt16 = 100, colour: UInt32 = 0x00a000,
                placesItself: Bool = false) -> xcb_window_t {
        let id = xcb_generate_id(xcb)
        // A background the server paints, so Xwayland has a picture to show without the client drawing.
        xcb_create_window(xcb, UInt8(XCB_COPY_FROM_PARENT), id, root, x, y, width, height, 0,
                          UInt16(XCB_WINDOW_CLASS_INPUT_OUTPUT.rawValue), visual,
                          XCB_CW_BACK_PIXEL.rawValue | XCB_CW_OVERRIDE_REDIRECT.rawValue, [colour, placesItself ? 1 : 0])
        return id
    }

    func atom(_ name: String) -> xcb_atom_t {
        guard let reply = xcb_intern_atom_reply(xcb, xcb_intern_atom(xcb, 0, UInt16(name.utf8.count), name), nil) else { return 0 }
        defer { free(reply) }
        return reply.pointee.atom
    }

    /// Sets `property` to `bytes` as `format`-bit items of `type`, sent in pieces as X's request limit asks.
    func set(_ window: xcb_window_t, _ property: xcb_atom_t, type: xcb_atom_t, format: UInt8 = 8, _ bytes: [UInt8]) {
        let chunk = 65536, unit = Int(format) / 8
        var offset = 0
        repeat {
            let piece = Array(bytes[offset..<min(bytes.count, offset + chunk)])
            let mode = offset == 0 ? XCB_PROP_MODE_REPLACE : XCB_PROP_MODE_APPEND
            xcb_change_property(xcb, UInt8(mode.rawValue), window, property, type, format, UInt32(piece.count / unit), piece)
            offset += chunk
        } while offset < bytes.count
    }

    func map(_ window: xcb_window_t) { xcb_map_window(xcb, window) }
    func unmap(_ window: xcb_window_t) { xcb_unmap_window(xcb, window) }
    func destroy(_ window: xcb_window_t) { xcb_destroy_window(xcb, window) }

    /// Waits until the server has handled every request sent so far.
    func sync() {
        if let reply = xcb_get_input_focus_reply(xcb, xcb_get_input_focus(xcb), nil) { free(reply) }
    }
}
