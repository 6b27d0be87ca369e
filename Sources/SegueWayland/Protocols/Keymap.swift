import CWaylandServer
import CXKBCommon
import Glibc

/// The seat's xkb keymap, and the sealed memfd every wl_keyboard maps it from.
package final class Keymap {
    let xkbKeymap: OpaquePointer
    /// A memfd holding the keymap text, sealed against writes and resizes.
    package let fd: Int32
    /// Bytes in `fd`, the terminating NUL included (wl_keyboard.keymap's size).
    package let size: UInt32

    /// Compiles the default keymap: no names means the XKB_DEFAULT_* variables,
    /// else libxkbcommon's built-in evdev rules with the "us" layout.
    package convenience init() throws {
        try self.init(context: Self.contextWithFiles(),
                      noContext: "no xkb keymap files in \(Self.filesFolder) (Debian: apt-get install xkb-data)",
                      failure: "cannot compile the xkb keymap (check XKB_DEFAULT_LAYOUT and friends)") { context in
            xkb_keymap_new_from_names(context, nil, XKB_KEYMAP_COMPILE_NO_FLAGS)
        }
    }

    /// A context reading the system's keymap files, or nil when there are none;
    /// xkbcommon's own complaint is left out, as the caller says it in one line.
    private static func contextWithFiles() -> OpaquePointer? {
        guard let context = xkb_context_new(XKB_CONTEXT_NO_DEFAULT_INCLUDES) else { return nil }
        let level = xkb_context_get_log_level(context)
        xkb_context_set_log_level(context, XKB_LOG_LEVEL_CRITICAL)
        guard xkb_context_include_path_append_default(context) == 1 else {
            xkb_context_unref(context)
            return nil
        }
        xkb_context_set_log_level(context, level)
        return context
    }

    /// Where xkbcommon looks for keymap files.
    private static var filesFolder: String {
        getenv("XKB_CONFIG_ROOT").map { String(cString: $0) } ?? "/usr/share/X11/xkb"
    }

    /// Compiles a keymap in xkb's text format, e.g. the one a parent compositor
    /// sent, which holds all it needs: no files are read for it. One a client
    /// wrote (a virtual keyboard's, wtype's) may include the system's files
    /// (`include "complete"`), where `includingFiles`.
    package convenience init(text: UnsafePointer<CChar>, includingFiles: Bool = false) throws {
        try self.init(context: includingFiles ? Self.contextWithFiles() : xkb_context_new(XKB_CONTEXT_NO_DEFAULT_INCLUDES),
                      noContext: "cannot create an xkb context", failure: "cannot compile the keymap") { context in
            xkb_keymap_new_from_string(context, text, XKB_KEYMAP_FORMAT_TEXT_V1, XKB_KEYMAP_COMPILE_NO_FLAGS)
        }
    }

    private init(context: OpaquePointer?, noContext: String, failure: String, compile: (OpaquePointer) -> OpaquePointer?) throws {
        guard let context else { throw ServerError(noContext) }
        defer { xkb_context_unref(context) }
        guard let keymap = compile(context) else { throw ServerError(failure) }
        guard let text = xkb_keymap_get_as_string(keymap, XKB_KEYMAP_FORMAT_TEXT_V1) else {
            xkb_keymap_unref(keymap)
            throw ServerError("cannot serialise the xkb keymap")
        }
        defer { free(text) }
        let count = strlen(text) + 1
        do {
            fd = try SealedFile.make(named: "segue-keymap", holding: UnsafeRawBufferPointer(start: text, count: count))
        } catch {
            xkb_keymap_unref(keymap)
            throw error
        }
        xkbKeymap = keymap
        size = UInt32(count)
    }

    deinit {
        close(fd)
        xkb_keymap_unref(xkbKeymap)
    }

    /// A new read-only descriptor of the keymap, for wl_keyboard before v7:
    /// those clients may map it MAP_SHARED, which kernels before 6.7 refuse on
    /// a writable descriptor of a write-sealed file. -1 if it cannot be opened.
    package func openReadOnly() -> Int32 {
        open("/proc/self/fd/\(fd)", O_RDONLY | O_CLOEXEC)
    }
}
