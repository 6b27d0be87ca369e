/// Pixels as a few rectangles that do not overlap: what changed of a
/// picture. A rectangle that meets one already there merges with it into
/// the box around both, and past `limit` rectangles the two whose box adds
/// the least area merge, so a region stays a handful of copies or scissored
/// draws, never a long list of small ones.
public struct Region: Sendable, Equatable {
    public private(set) var rects: [PixelRect] = []
    /// The most rectangles a region keeps.
    public static let limit = 8

    public init(_ rects: [PixelRect] = []) {
        for rect in rects { add(rect) }
    }

    public var isEmpty: Bool { rects.isEmpty }

    /// One rectangle around all of it; nil when empty.
    public var bounds: PixelRect? { PixelRect.bounds(of: rects) }

    /// `rect` is part of it too.
    public mutating func add(_ rect: PixelRect) {
        guard rect.width > 0, rect.height > 0 else { return }
        absorb(rect)
        while rects.count > Self.limit { mergeCheapestPair() }
    }

    /// `other` is part of it too.
    public mutating func add(_ other: Region) {
        for rect in other.rects { add(rect) }
    }

    /// The part of it inside `bounds`.
    public func clipped(to bounds: PixelRect) -> Region {
        Region(rects.compactMap { $0.clipped(to: bounds) })
    }

    /// Adds `rect`, merging it with every rectangle it meets, until it meets none.
    private mutating func absorb(_ rect: PixelRect) {
        var grown = rect
        while let index = rects.firstIndex(where: { $0.clipped(to: grown) != nil }) {
            grown = PixelRect.bounds(of: [grown, rects.remove(at: index)]) ?? grown
        }
        rects.append(grown)
    }

    /// The two rectangles whose box covers the least area the pair does not become that box.
    private mutating func mergeCheapestPair() {
        var best: (i: Int, j: Int, cost: Int)?
        for i in rects.indices {
            for j in rects.indices where j > i {
                guard let box = PixelRect.bounds(of: [rects[i], rects[j]]) else { continue }
                let cost = box.area - rects[i].area - rects[j].area
                if best.map({ cost < $0.cost }) ?? true { best = (i, j, cost) }
            }
        }
        guard let best else { return }
        let (first, second) = (rects[best.i], rects[best.j])
        rects.remove(at: best.j)
        rects.remove(at: best.i)
        absorb(PixelRect.bounds(of: [first, second]) ?? first)
    }
}

extension PixelRect {
    /// How many pixels it covers.
    public var area: Int { width * height }
}
