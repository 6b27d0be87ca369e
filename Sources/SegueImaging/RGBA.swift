/// One 8-bit pixel with straight (non-premultiplied) alpha.
public struct RGBA: Equatable, Hashable, Sendable {
    public var r: UInt8
    public var g: UInt8
    public var b: UInt8
    public var a: UInt8

    public init(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8 = 255) {
        self.r = r
        self.g = g
        self.b = b
        self.a = a
    }

    public static let black = RGBA(0, 0, 0)
    public static let white = RGBA(255, 255, 255)

    /// The largest per-channel difference, so one badly wrong channel is never averaged away.
    public func distance(to other: RGBA) -> Int {
        max(
            abs(Int(r) - Int(other.r)),
            abs(Int(g) - Int(other.g)),
            abs(Int(b) - Int(other.b)),
            abs(Int(a) - Int(other.a))
        )
    }
}
