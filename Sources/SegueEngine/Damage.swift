/// What changed of a picture since it was last brought up to date: nothing,
/// the pixels of a region (a few rectangles), or everything. A composed
/// window's screen, the output's next frame and each of its buffers keep
/// theirs as one of these.
public enum Damage: Sendable, Equatable {
    case none
    case within(Region)
    case everywhere

    /// `rect` changed too; nil for everything.
    public mutating func add(_ rect: PixelRect?) {
        guard let rect else { return self = .everywhere }
        switch self {
        case .none: self = .within(Region([rect]))
        case .within(var region):
            region.add(rect)
            self = .within(region)
        case .everywhere: break
        }
    }

    /// `other` changed too.
    public mutating func add(_ other: Damage) {
        switch other {
        case .none: break
        case .within(let region): for rect in region.rects { add(rect) }
        case .everywhere: self = .everywhere
        }
    }

    /// Whether anything changed.
    public var isEmpty: Bool {
        switch self {
        case .none: true
        case .within(let region): region.isEmpty
        case .everywhere: false
        }
    }

    /// The rectangles to redraw: nil for everything (and none for nothing).
    public var rects: [PixelRect]? {
        switch self {
        case .none: []
        case .within(let region): region.rects
        case .everywhere: nil
        }
    }

    /// What of it lies inside `bounds` (everything: all of `bounds`).
    public func rects(within bounds: PixelRect) -> [PixelRect] {
        rects.map { $0.compactMap { $0.clipped(to: bounds) } } ?? [bounds]
    }

    /// The rows of `bounds` it touches, as bands top first, overlapping and
    /// touching ones merged: what a readback of whole rows reads again.
    public func rows(within bounds: PixelRect) -> [Range<Int>] {
        var bands: [Range<Int>] = []
        for rect in rects(within: bounds).sorted(by: { $0.y < $1.y }) {
            if let last = bands.last, rect.y <= last.upperBound {
                bands[bands.count - 1] = last.lowerBound..<max(last.upperBound, rect.y + rect.height)
            } else {
                bands.append(rect.y..<rect.y + rect.height)
            }
        }
        return bands
    }
}
