import CXCB
import Glibc

/// Told what changes among the X11 windows.
public protocol X11WindowManagerDelegate: AnyObject {
    /// Created, mapped or unmapped, moved, its properties or its surface id changed.
    func x11WindowChanged(_ window: X11Window)
    func x11WindowDestroyed(_ id: UInt32)
}

/// Segue's window manager for Xwayland's windows: it redirects their maps
/// and configures to itself, maps what asks to be mapped, answers configure
/// requests, keeps each window's properties, and hears which wl_surface shows
/// it (`WL_SURFACE_ID`), telling its delegate of each change. The EWMH basics
/// programs check for are set on the root: a supporting-WM window named
/// Segue, the atoms it supports, the client list.
public final class X11WindowManager {
    public private(set) var windows: [UInt32: X11Window] = [:]
    public weak var delegate: X11WindowManagerDelegate?
    let connection: X11Connection
    private var checkWindow: xcb_window_t = 0
    /// Managed windows in the order they were first mapped, for `_NET_CLIENT_LIST`.
    private var clientList: [UInt32] = []
    /// The window X's focus was last given to (nil: none).
    var focused: UInt32?
    /// The rectangles Segue gave windows: theirs until Segue gives another, whatever they ask.
    var given: [UInt32: (x: Int, y: Int, width: Int, height: Int)] = [:]

    /// Takes over Xwayland's root as its window manager over `fd` (Xwayland's
    /// `-wm` socket), once Xwayland said it is ready; xcb owns `fd` from then on.
    public init(fd: Int32) throws(X11Error) {
        connection = try X11Connection(fd: fd)
        let xcb = connection.xcb, root = connection.root
        let mask = [XCB_EVENT_MASK_SUBSTRUCTURE_REDIRECT, XCB_EVENT_MASK_SUBSTRUCTURE_NOTIFY, XCB_EVENT_MASK_PROPERTY_CHANGE]
            .reduce(UInt32(0)) { $0 | $1.rawValue }
        if let error = xcb_request_check(xcb, xcb_change_window_attributes_checked(xcb, root, XCB_CW_EVENT_MASK.rawValue, [mask])) {
            free(error)
            throw X11Error("another window manager holds Xwayland's root")
        }
        // Windows draw offscreen, into their wl_surfaces, never onto the root.
        xcb_composite_redirect_subwindows(xcb, root, UInt8(XCB_COMPOSITE_REDIRECT_MANUAL.rawValue))
        checkWindow = xcb_generate_id(xcb)
        xcb_create_window(xcb, UInt8(XCB_COPY_FROM_PARENT), checkWindow, root, 0, 0, 10, 10, 0,
                          UInt16(XCB_WINDOW_CLASS_INPUT_OUTPUT.rawValue), connection.rootVisual, 0, nil)
        connection.setText(checkWindow, connection.atom("_NET_WM_NAME"), "Segue")
        for window in [root, checkWindow] {
            connection.setValues(window, connection.atom("_NET_SUPPORTING_WM_CHECK"), type: XCB_ATOM_WINDOW.rawValue, [checkWindow])
        }
        let supported = ["_NET_WM_NAME", "_NET_WM_PID", "_NET_WM_WINDOW_TYPE", "_NET_WM_STATE", "_NET_WM_STATE_FULLSCREEN",
                         "_NET_WM_STATE_MAXIMIZED_VERT", "_NET_WM_STATE_MAXIMIZED_HORZ", "_NET_SUPPORTING_WM_CHECK",
                         "_NET_ACTIVE_WINDOW", "_NET_CLIENT_LIST"].map(connection.atom)
        connection.setValues(root, connection.atom("_NET_SUPPORTED"), type: XCB_ATOM_ATOM.rawValue, supported)
        connection.setValues(root, connection.atom("_NET_CLIENT_LIST"), type: XCB_ATOM_WINDOW.rawValue, [])
        for selection in ["WM_S0", "_NET_WM_CM_S0"] {
            xcb_set_selection_owner(xcb, checkWindow, connection.atom(selection), UInt32(XCB_CURRENT_TIME))
        }
        connection.flush()
    }

    /// Whether two windows are one X client's: the server gives each client
    /// its own base for the ids it makes, which the client cannot choose.
    public func sameClient(_ a: UInt32, _ b: UInt32) -> Bool {
        a & ~connection.resourceMask == b & ~connection.resourceMask
    }

    /// The connection's fd, to watch for readability.
    public var fd: Int32 { connection.fd }

    /// Handles every event that has arrived: read from the socket where it
    /// is `readable`, else only those xcb already queued (no system call, so
    /// cheap to look for at every turn of the loop). Throws once the
    /// connection is broken (Xwayland gone), after which this manager has nothing to do.
    public func dispatch(readable: Bool) throws(X11Error) {
        while let event = readable ? xcb_poll_for_event(connection.xcb) : xcb_poll_for_queued_event(connection.xcb) {
            handle(UnsafeRawPointer(event), type: segue_xcb_event_type(event))
            free(event)
        }
        connection.flush()
        if connection.isBroken { throw X11Error("the connection to Xwayland broke") }
    }

    private func handle(_ event: UnsafeRawPointer, type: UInt8) {
        switch Int32(type) {
        case XCB_CREATE_NOTIFY:
            let created = event.load(as: xcb_create_notify_event_t.self)
            guard created.parent == connection.root, created.window != checkWindow else { return }
            windows[created.window] = X11Window(id: created.window, overrideRedirect: created.override_redirect != 0,
                                                x: Int(created.x), y: Int(created.y), width: Int(created.width), height: Int(created.height))
            // Its properties' changes are heard from now on.
            xcb_change_window_attributes(connection.xcb, created.window, XCB_CW_EVENT_MASK.rawValue,
                                         [XCB_EVENT_MASK_PROPERTY_CHANGE.rawValue | XCB_EVENT_MASK_FOCUS_CHANGE.rawValue])
            readProperties(created.window)
        case XCB_DESTROY_NOTIFY:
            let destroyed = event.load(as: xcb_destroy_notify_event_t.self)
            guard windows.removeValue(forKey: destroyed.window) != nil else { return }
            given[destroyed.window] = nil
            if focused == destroyed.window { focused = nil }
            unlist(destroyed.window)
            delegate?.x11WindowDestroyed(destroyed.window)
        case XCB_MAP_REQUEST:
            let request = event.load(as: xcb_map_request_event_t.self)
            guard windows[request.window] != nil else { return }
            readProperties(request.window)
            connection.setValues(request.window, connection.atom("WM_STATE"), type: connection.atom("WM_STATE"), [1, 0])
            xcb_map_window(connection.xcb, request.window)
            if !clientList.contains(request.window) {
                clientList.append(request.window)
                connection.setValues(connection.root, connection.atom("_NET_CLIENT_LIST"), type: XCB_ATOM_WINDOW.rawValue, clientList)
            }
        case XCB_MAP_NOTIFY:
            update(event.load(as: xcb_map_notify_event_t.self).window) { $0.mapped = true }
        case XCB_UNMAP_NOTIFY:
            let unmapped = event.load(as: xcb_unmap_notify_event_t.self)
            guard windows[unmapped.window] != nil else { return }
            // X takes the focus from a window that unmaps: it is to be given again when it maps.
            if focused == unmapped.window { focused = nil }
            if windows[unmapped.window]?.overrideRedirect == false {
                connection.setValues(unmapped.window, connection.atom("WM_STATE"), type: connection.atom("WM_STATE"), [0, 0])
                unlist(unmapped.window)
            }
            // Mapped again, Xwayland shows it in a new surface.
            update(unmapped.window) {
                $0.mapped = false
                $0.surfaceID = nil
            }
        case XCB_CONFIGURE_REQUEST:
            configure(event.load(as: xcb_configure_request_event_t.self))
        case XCB_CONFIGURE_NOTIFY:
            let configured = event.load(as: xcb_configure_notify_event_t.self)
            update(configured.window) {
                ($0.x, $0.y, $0.width, $0.height) = (Int(configured.x), Int(configured.y), Int(configured.width), Int(configured.height))
                $0.overrideRedirect = configured.override_redirect != 0
            }
        case XCB_PROPERTY_NOTIFY:
            let changed = event.load(as: xcb_property_notify_event_t.self)
            guard windows[changed.window] != nil else { return }
            readProperties(changed.window, only: changed.atom)
        case XCB_CLIENT_MESSAGE:
            let message = event.load(as: xcb_client_message_event_t.self)
            if message.type == connection.atom("WL_SURFACE_ID") {
                let id = message.data.data32.0
                update(message.window) { $0.surfaceID = id }
            } else if message.type == connection.atom("_NET_WM_STATE") {
                askedStates(message.window, action: message.data.data32.0, [message.data.data32.1, message.data.data32.2])
            }
        default:
            break
        }
    }

    /// Honours a configure request as asked, field by field, where Segue has
    /// not given the window its rectangle; where it has, the window is told
    /// that rectangle again (ICCCM's answer to a request a manager refuses).
    private func configure(_ request: xcb_configure_request_event_t) {
        if let rect = given[request.window] {
            return configure(request.window, x: rect.x, y: rect.y, width: rect.width, height: rect.height)
        }
        let fields: [(UInt16, UInt32)] = [
            (UInt16(XCB_CONFIG_WINDOW_X.rawValue), UInt32(bitPattern: Int32(request.x))),
            (UInt16(XCB_CONFIG_WINDOW_Y.rawValue), UInt32(bitPattern: Int32(request.y))),
            (UInt16(XCB_CONFIG_WINDOW_WIDTH.rawValue), UInt32(request.width)),
            (UInt16(XCB_CONFIG_WINDOW_HEIGHT.rawValue), UInt32(request.height)),
            (UInt16(XCB_CONFIG_WINDOW_BORDER_WIDTH.rawValue), 0),
        ]
        let asked = fields.filter { request.value_mask & $0.0 != 0 }
        guard !asked.isEmpty else { return }
        xcb_configure_window(connection.xcb, request.window, asked.reduce(0) { $0 | $1.0 }, asked.map(\.1))
    }

    /// EWMH's request to remove (0), add (1) or toggle (2) states: fullscreen,
    /// and maximized (either axis counts, as one state here).
    private func askedStates(_ id: UInt32, action: UInt32, _ atoms: [UInt32]) {
        let fullscreen = connection.atom("_NET_WM_STATE_FULLSCREEN")
        let maximized = [connection.atom("_NET_WM_STATE_MAXIMIZED_VERT"), connection.atom("_NET_WM_STATE_MAXIMIZED_HORZ")]
        func apply(_ on: Bool) -> Bool { action == 2 ? !on : action == 1 }
        update(id) { window in
            if atoms.contains(fullscreen) { window.wantsFullscreen = apply(window.wantsFullscreen) }
            if atoms.contains(where: maximized.contains) { window.wantsMaximized = apply(window.wantsMaximized) }
        }
    }

    /// Reads the properties Segue keeps (all, or the one that changed) and tells the delegate.
    private func readProperties(_ id: UInt32, only changed: xcb_atom_t? = nil) {
        guard var window = windows[id] else { return }
        func wants(_ atom: xcb_atom_t) -> Bool { changed == nil || changed == atom }
        let netName = connection.atom("_NET_WM_NAME")
        if wants(netName) || wants(XCB_ATOM_WM_NAME.rawValue) {
            window.title = text(id, netName) ?? text(id, XCB_ATOM_WM_NAME.rawValue) ?? ""
        }
        if wants(XCB_ATOM_WM_CLASS.rawValue), let found = connection.property(id, XCB_ATOM_WM_CLASS.rawValue) {
            // Two NUL-ended strings: the instance, then the class.
            let parts = found.bytes.split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
            window.instance = parts.first ?? ""
            window.className = parts.count > 1 ? parts[1] : ""
        }
        if wants(connection.atom("_NET_WM_PID")) {
            window.pid = connection.values(id, connection.atom("_NET_WM_PID")).first.map { Int32(bitPattern: $0) }
        }
        if wants(XCB_ATOM_WM_TRANSIENT_FOR.rawValue) {
            window.transientFor = connection.values(id, XCB_ATOM_WM_TRANSIENT_FOR.rawValue).first.flatMap { $0 == 0 ? nil : $0 }
        }
        // What it asks for itself before it maps; once managed, its manager writes the property.
        if changed == nil {
            let states = connection.values(id, connection.atom("_NET_WM_STATE"))
            window.wantsFullscreen = states.contains(connection.atom("_NET_WM_STATE_FULLSCREEN"))
            window.wantsMaximized = states.contains(connection.atom("_NET_WM_STATE_MAXIMIZED_VERT"))
                || states.contains(connection.atom("_NET_WM_STATE_MAXIMIZED_HORZ"))
        }
        if wants(connection.atom("_NET_WM_WINDOW_TYPE")) {
            window.types = connection.values(id, connection.atom("_NET_WM_WINDOW_TYPE")).prefix(16).compactMap(connection.name(of:))
        }
        guard window != windows[id] else { return }
        windows[id] = window
        delegate?.x11WindowChanged(window)
    }

    /// A text property: UTF-8 where it says so, else Latin-1 (`STRING`).
    private func text(_ id: UInt32, _ property: xcb_atom_t) -> String? {
        guard let found = connection.property(id, property), found.format == 8 else { return nil }
        if found.type == connection.atom("UTF8_STRING") { return String(decoding: found.bytes, as: UTF8.self) }
        return String(found.bytes.map { Character(Unicode.Scalar($0)) })
    }

    private func update(_ id: UInt32, _ change: (inout X11Window) -> Void) {
        guard var window = windows[id] else { return }
        change(&window)
        guard window != windows[id] else { return }
        windows[id] = window
        delegate?.x11WindowChanged(window)
    }

    private func unlist(_ id: UInt32) {
        guard let index = clientList.firstIndex(of: id) else { return }
        clientList.remove(at: index)
        connection.setValues(connection.root, connection.atom("_NET_CLIENT_LIST"), type: XCB_ATOM_WINDOW.rawValue, clientList)
    }
}
