import CXCB
import Glibc

/// What the shell asks of X windows: their rectangle, to close, the keyboard.
extension X11WindowManager {
    /// Moves and sizes a managed window (root coordinates, which are the
    /// output's logical units) and tells it so, as ICCCM asks of a window manager.
    public func configure(_ id: UInt32, x: Int, y: Int, width: Int, height: Int) {
        guard windows[id] != nil, width > 0, height > 0 else { return }
        given[id] = (x, y, width, height)
        let mask = [XCB_CONFIG_WINDOW_X, XCB_CONFIG_WINDOW_Y, XCB_CONFIG_WINDOW_WIDTH, XCB_CONFIG_WINDOW_HEIGHT, XCB_CONFIG_WINDOW_BORDER_WIDTH]
            .reduce(UInt16(0)) { $0 | UInt16($1.rawValue) }
        let values = [UInt32(bitPattern: Int32(clamping: x)), UInt32(bitPattern: Int32(clamping: y)),
                      UInt32(clamping: width), UInt32(clamping: height), 0]
        xcb_configure_window(connection.xcb, id, mask, values)
        // A window whose rectangle did not change hears no ConfigureNotify from the server: it hears one from its manager.
        var notify = xcb_configure_notify_event_t()
        notify.response_type = UInt8(XCB_CONFIGURE_NOTIFY)
        (notify.event, notify.window) = (id, id)
        (notify.x, notify.y) = (Int16(clamping: x), Int16(clamping: y))
        (notify.width, notify.height) = (UInt16(clamping: width), UInt16(clamping: height))
        withUnsafeBytes(of: &notify) { bytes in
            _ = bytes.withMemoryRebound(to: CChar.self) {
                xcb_send_event(connection.xcb, 0, id, XCB_EVENT_MASK_STRUCTURE_NOTIFY.rawValue, $0.baseAddress)
            }
        }
        connection.flush()
    }

    /// Says in `_NET_WM_STATE` the states Segue gives it, as a window manager does.
    public func setStates(_ id: UInt32, fullscreen: Bool, maximized: Bool) {
        guard windows[id] != nil else { return }
        let states = (fullscreen ? ["_NET_WM_STATE_FULLSCREEN"] : [])
            + (maximized ? ["_NET_WM_STATE_MAXIMIZED_VERT", "_NET_WM_STATE_MAXIMIZED_HORZ"] : [])
        connection.setValues(id, connection.atom("_NET_WM_STATE"), type: XCB_ATOM_ATOM.rawValue, states.map(connection.atom))
        connection.flush()
    }

    /// Asks it to close with `WM_DELETE_WINDOW` where it takes that, as its
    /// close button would; a window that does not is disconnected, as X window managers do.
    public func close(_ id: UInt32) {
        guard windows[id] != nil else { return }
        if takes(id, "WM_DELETE_WINDOW") {
            send(id, protocol: "WM_DELETE_WINDOW")
        } else {
            xcb_kill_client(connection.xcb, id)
        }
        connection.flush()
    }

    /// Gives the X keyboard focus to a managed window (nil: to none, a
    /// Wayland window has it), with `WM_TAKE_FOCUS` where it takes that, and
    /// says so in `_NET_ACTIVE_WINDOW`.
    public func focus(_ id: UInt32?) {
        let id = id.flatMap { windows[$0] == nil ? nil : $0 }
        // Asked again for the window that has it (each show change asks): nothing to tell, no round trip.
        guard id != focused else { return }
        focused = id
        if let id {
            xcb_set_input_focus(connection.xcb, UInt8(XCB_INPUT_FOCUS_POINTER_ROOT.rawValue), id, UInt32(XCB_CURRENT_TIME))
            if takes(id, "WM_TAKE_FOCUS") { send(id, protocol: "WM_TAKE_FOCUS") }
        } else {
            xcb_set_input_focus(connection.xcb, UInt8(XCB_INPUT_FOCUS_POINTER_ROOT.rawValue), UInt32(XCB_NONE), UInt32(XCB_CURRENT_TIME))
        }
        connection.setValues(connection.root, connection.atom("_NET_ACTIVE_WINDOW"), type: XCB_ATOM_WINDOW.rawValue, [id ?? 0])
        connection.flush()
    }

    /// Whether the window lists `name` in its `WM_PROTOCOLS`.
    private func takes(_ id: UInt32, _ name: String) -> Bool {
        connection.values(id, connection.atom("WM_PROTOCOLS")).contains(connection.atom(name))
    }

    private func send(_ id: UInt32, protocol name: String) {
        var message = xcb_client_message_event_t()
        message.response_type = UInt8(XCB_CLIENT_MESSAGE)
        message.format = 32
        message.window = id
        message.type = connection.atom("WM_PROTOCOLS")
        message.data.data32 = (connection.atom(name), UInt32(XCB_CURRENT_TIME), 0, 0, 0)
        withUnsafeBytes(of: &message) { bytes in
            _ = bytes.withMemoryRebound(to: CChar.self) { xcb_send_event(connection.xcb, 0, id, XCB_EVENT_MASK_NO_EVENT.rawValue, $0.baseAddress) }
        }
    }
}
