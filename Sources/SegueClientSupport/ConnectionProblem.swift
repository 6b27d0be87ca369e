import CWaylandClient
import Glibc

/// Why a client of Segue's own lost its connection, in the one line it prints:
/// the compositor's protocol error as libwayland logged it, or the system's.
public enum ConnectionProblem {
    /// The display the client was pointed at.
    public static var displayName: String { getenv("WAYLAND_DISPLAY").map { String(cString: $0) } ?? "wayland-0" }

    /// Keeps libwayland's last log line: its protocol error names the message the compositor sent.
    public static func keepLogMessages() {
        wl_log_set_handler_client { format, arguments in
            guard let format, let arguments else { return }
            var buffer = [CChar](repeating: 0, count: 1024)
            let text = buffer.withUnsafeMutableBufferPointer { buffer in
                vsnprintf(buffer.baseAddress, buffer.count, format, arguments)
                return String(cString: buffer.baseAddress!)
            }
            lastLogMessage = text.hasSuffix("\n") ? String(text.dropLast()) : text
        }
    }

    /// Why `display`'s connection broke.
    public static func describe(_ display: OpaquePointer) -> String {
        var interface: UnsafePointer<wl_interface>?
        var object: UInt32 = 0
        let code = wl_display_get_protocol_error(display, &interface, &object)
        if let interface {
            // libwayland's line reads "interface@id: error code: message".
            return "protocol error: " + (lastLogMessage ?? "\(String(cString: interface.pointee.name))@\(object): error \(code)")
        }
        return "lost the connection to \(displayName): \(String(cString: strerror(wl_display_get_error(display))))"
    }
}

/// libwayland's last log line; a C log handler can only reach it as a global.
private nonisolated(unsafe) var lastLogMessage: String?
