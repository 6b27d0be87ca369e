import CXCB
import Glibc

/// Segue's end of Xwayland's `-wm` connection, as xcb sees it: the atoms the
/// window manager speaks, and the properties it reads and writes. Replies are
/// waited for, as wlroots' window manager waits for them: Xwayland answers
/// without needing the compositor.
final class X11Connection {
    let xcb: OpaquePointer
    let root: xcb_window_t
    let rootVisual: xcb_visualid_t
    /// The bits of a resource id the client picks; the rest are the server's, one base per client.
    let resourceMask: UInt32
    private var atoms: [String: xcb_atom_t] = [:]
    private var names: [xcb_atom_t: String] = [:]

    static let atomNames = [
        "WL_SURFACE_ID", "WM_PROTOCOLS", "WM_DELETE_WINDOW", "WM_TAKE_FOCUS", "WM_STATE", "WM_S0", "_NET_WM_CM_S0", "UTF8_STRING",
        "_NET_WM_NAME", "_NET_WM_PID", "_NET_WM_WINDOW_TYPE", "_NET_WM_STATE", "_NET_WM_STATE_FULLSCREEN",
        "_NET_WM_STATE_MAXIMIZED_VERT", "_NET_WM_STATE_MAXIMIZED_HORZ", "_NET_SUPPORTED", "_NET_SUPPORTING_WM_CHECK",
        "_NET_ACTIVE_WINDOW", "_NET_CLIENT_LIST",
    ]

    /// Connects over `fd`, which xcb owns from then on.
    init(fd: Int32) throws(X11Error) {
        guard let xcb = xcb_connect_to_fd(fd, nil), xcb_connection_has_error(xcb) == 0 else {
            throw X11Error("cannot connect to Xwayland's window manager socket")
        }
        self.xcb = xcb
        guard let screen = xcb_setup_roots_iterator(xcb_get_setup(xcb)).data else {
            xcb_disconnect(xcb)
            throw X11Error("Xwayland has no screen")
        }
        root = screen.pointee.root
        rootVisual = screen.pointee.root_visual
        resourceMask = xcb_get_setup(xcb).pointee.resource_id_mask
        // Asked all at once, then answered: one round trip.
        let cookies = Self.atomNames.map { name in (name, xcb_intern_atom(xcb, 0, UInt16(name.utf8.count), name)) }
        for (name, cookie) in cookies {
            guard let reply = xcb_intern_atom_reply(xcb, cookie, nil) else { continue }
            atoms[name] = reply.pointee.atom
            names[reply.pointee.atom] = name
            free(reply)
        }
    }

    deinit { xcb_disconnect(xcb) }

    var fd: Int32 { xcb_get_file_descriptor(xcb) }
    var isBroken: Bool { xcb_connection_has_error(xcb) != 0 }

    func atom(_ name: String) -> xcb_atom_t { atoms[name] ?? 0 }

    /// An atom's name, asked of the server the first time.
    func name(of atom: xcb_atom_t) -> String? {
        if let known = names[atom] { return known }
        guard let reply = xcb_get_atom_name_reply(xcb, xcb_get_atom_name(xcb, atom), nil) else { return nil }
        defer { free(reply) }
        let length = Int(xcb_get_atom_name_name_length(reply))
        guard let start = xcb_get_atom_name_name(reply) else { return nil }
        let name = String(decoding: UnsafeRawBufferPointer(start: start, count: length), as: UTF8.self)
        names[atom] = name
        return name
    }

    /// A property's type and bytes (at most 64 KiB of it: a longer title is cut, not read whole).
    func property(_ window: xcb_window_t, _ property: xcb_atom_t) -> (type: xcb_atom_t, format: UInt8, bytes: [UInt8])? {
        guard property != 0,
              let reply = xcb_get_property_reply(xcb, xcb_get_property(xcb, 0, window, property, 0, 0, 16384), nil) else { return nil }
        defer { free(reply) }
        guard reply.pointee.type != 0, let value = xcb_get_property_value(reply) else { return nil }
        let length = Int(xcb_get_property_value_length(reply))
        return (reply.pointee.type, reply.pointee.format, Array(UnsafeRawBufferPointer(start: value, count: length)))
    }

    /// A 32-bit property's values (CARDINAL, ATOM, WINDOW).
    func values(_ window: xcb_window_t, _ property: xcb_atom_t) -> [UInt32] {
        guard let found = self.property(window, property), found.format == 32 else { return [] }
        return stride(from: 0, to: found.bytes.count - 3, by: 4).map { i in
            found.bytes[i ..< i + 4].withUnsafeBytes { $0.loadUnaligned(as: UInt32.self) }
        }
    }

    func setValues(_ window: xcb_window_t, _ property: xcb_atom_t, type: xcb_atom_t, _ values: [UInt32]) {
        xcb_change_property(xcb, UInt8(XCB_PROP_MODE_REPLACE.rawValue), window, property, type, 32, UInt32(values.count), values)
    }

    func setText(_ window: xcb_window_t, _ property: xcb_atom_t, _ text: String) {
        let bytes = Array(text.utf8)
        xcb_change_property(xcb, UInt8(XCB_PROP_MODE_REPLACE.rawValue), window, property, atom("UTF8_STRING"), 8, UInt32(bytes.count), bytes)
    }

    func flush() { xcb_flush(xcb) }
}

public struct X11Error: Error, CustomStringConvertible, Sendable {
    public let description: String
    init(_ description: String) { self.description = description }
}
