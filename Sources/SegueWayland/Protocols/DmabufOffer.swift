/// What linux-dmabuf offers clients: the formats (DRM fourcc codes) and
/// modifiers the renderer imports, and the DRM device it renders on.
package struct DmabufOffer: Sendable, Equatable {
    package struct Format: Sendable, Equatable {
        package let fourcc: UInt32
        package let modifiers: [UInt64]

        package init(fourcc: UInt32, modifiers: [UInt64]) {
            self.fourcc = fourcc
            self.modifiers = modifiers
        }
    }

    package let formats: [Format]
    /// The render node's device number (its st_rdev); nil where none is known.
    package let mainDevice: UInt64?

    package init(formats: [Format], mainDevice: UInt64?) {
        self.formats = formats
        self.mainDevice = mainDevice
    }

    /// Whether a buffer of `fourcc` laid out by `modifier` was offered.
    func offers(_ fourcc: UInt32, _ modifier: UInt64) -> Bool {
        formats.contains { $0.fourcc == fourcc && $0.modifiers.contains(modifier) }
    }

    /// Every (format, modifier) pair, in the order offered: the format table's
    /// entries, as many as its 16-bit indices reach.
    var pairs: [(fourcc: UInt32, modifier: UInt64)] {
        Array(formats.lazy.flatMap { format in format.modifiers.map { (format.fourcc, $0) } }.prefix(Int(UInt16.max) + 1))
    }

    /// Whether it offers anything: an empty offer is no offer (a version 4
    /// client could not even map an empty format table).
    package var isEmpty: Bool { pairs.isEmpty }
}
