import CDRM
import Glibc
import SegueIPC
import SegueRender

/// libdrm's names for DRM formats and modifiers, as `segue msg outputs` shows them.
enum DrmNames {
    /// libdrm's name for a fourcc code ("XR24"), else its value in hex.
    static func format(_ code: UInt32) -> String {
        guard let name = drmGetFormatName(code) else { return "0x" + String(code, radix: 16) }
        defer { free(name) }
        return String(cString: name)
    }

    /// libdrm's name for a modifier ("LINEAR", "INVALID" for none given), else its value in hex.
    static func modifier(_ value: UInt64) -> String {
        guard let name = drmGetFormatModifierName(value) else { return "0x" + String(value, radix: 16) }
        defer { free(name) }
        return String(cString: name)
    }

    /// What `support` offers, for a person: each format with its modifiers.
    static func json(_ support: DmabufSupport) -> JSONValue {
        .array(support.formats.map { format in
            .object(["format": .string(Self.format(format.fourcc)),
                     "modifiers": .array(format.modifiers.map { .string(modifier($0.value) + ($0.externalOnly ? " (external only)" : "")) })])
        })
    }
}
