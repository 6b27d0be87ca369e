import CXKBCommon

/// Key names as xkb reads them: one character, or a keysym name in any case.
/// No keymap files are needed to know them.
enum KeyNames {
    /// The keysym `key` names, or nil for none.
    static func keysym(_ key: String) -> UInt32? {
        let scalars = key.unicodeScalars
        let keysym = scalars.count == 1 ? xkb_utf32_to_keysym(scalars.first!.value)
            : xkb_keysym_from_name(key, XKB_KEYSYM_CASE_INSENSITIVE)
        return keysym == UInt32(XKB_KEY_NoSymbol) ? nil : keysym
    }

    /// Every keysym name of the keys people bind (Latin-1, the function and
    /// navigation block, media keys), for "did you mean".
    static let all: [String] = {
        let ranges: [ClosedRange<UInt32>] = [0x20...0x7e, 0xa0...0xff, 0xfe00...0xffff, 0x1008_ff00...0x1008_ffff]
        var buffer = [CChar](repeating: 0, count: 64)
        return ranges.joined().compactMap { keysym in
            let length = Int(xkb_keysym_get_name(keysym, &buffer, buffer.count))
            guard length > 0, length < buffer.count else { return nil }
            let name = String(decoding: buffer.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
            // Unnamed keysyms come back as hex ("0x1008ff00").
            return name.hasPrefix("0x") ? nil : name
        }
    }()
}
