/// The coordinate space a `Damage` is counted in. Each is a phantom type:
/// damage of one space is never added to damage of another by mistake, and
/// each conversion between them is one function (`DamageConversions.swift`).
public protocol DamageSpace: Sendable {}

/// A surface's units from its top left: what `wl_surface.damage` names.
public enum SurfaceSpace: DamageSpace {}
/// A buffer's or texture's pixels from its top-left texel (its first row):
/// what `wl_surface.damage_buffer` names, and what uploads copy.
public enum BufferSpace: DamageSpace {}
/// An output's pixels from its top left (a composed screen's too, which is
/// the output's size): what frames redraw, capture reads and IPC reports.
public enum OutputSpace: DamageSpace {}
/// A framebuffer's pixels from its bottom left, its first GL row: what
/// `eglSwapBuffersWithDamage` takes.
public enum BottomLeftSpace: DamageSpace {}

/// What changed of a picture, in `Space`: nothing, a few rectangles, or
/// everything. One type from a surface's commit to the swap, capture and IPC.
///
/// The rule that keeps it small: a rectangle that overlaps one already
/// there merges with it into the box around both (until it overlaps none),
/// and past `limit` rectangles the pair whose box adds the least area
/// merges. So damage is at most 8 rectangles that never overlap, covering
/// at least every pixel added: a handful of copies or scissored draws,
/// never a long list of small ones, whatever a client sends.
public struct Damage<Space: DamageSpace>: Sendable, Equatable {
    /// The rectangles; nil for everything.
    private var region: [PixelRect]?

    /// The most rectangles damage keeps.
    public static var limit: Int { 8 }

    public static var none: Damage { Damage([]) }
    public static var everywhere: Damage { Damage(region: nil) }

    /// The pixels of `rects` (merged by the rule above).
    public init(_ rects: [PixelRect]) {
        region = []
        for rect in rects { add(rect) }
    }

    private init(region: [PixelRect]?) { self.region = region }

    /// Whether nothing changed.
    public var isEmpty: Bool { region?.isEmpty ?? false }

    /// Whether anything may have changed anywhere.
    public var isEverywhere: Bool { region == nil }

    /// The rectangles to redraw: nil for everything (and none for nothing).
    public var rects: [PixelRect]? { region }

    /// One rectangle around all of it; nil when empty or everywhere.
    public var bounds: PixelRect? { region.flatMap { PixelRect.bounds(of: $0) } }

    /// `rect` changed too.
    public mutating func add(_ rect: PixelRect) {
        guard rect.width > 0, rect.height > 0, region != nil else { return }
        absorb(rect)
        while (region?.count ?? 0) > Self.limit { mergeCheapestPair() }
    }

    /// `other` changed too.
    public mutating func add(_ other: Damage) {
        guard let rects = other.region else { return region = nil }
        for rect in rects { add(rect) }
    }

    /// The part of it inside `bounds` (everything: all of `bounds`).
    public func clipped(to bounds: PixelRect) -> Damage { Damage(rects(within: bounds)) }

    /// What of it lies inside `bounds`, as rectangles (everything: `bounds`).
    public func rects(within bounds: PixelRect) -> [PixelRect] {
        region.map { $0.compactMap { $0.clipped(to: bounds) } } ?? [bounds]
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

    /// Each rectangle through `convert` (none dropped: nil keeps everything everywhere).
    func mapped<Other: DamageSpace>(_ convert: (PixelRect) -> PixelRect?) -> Damage<Other> {
        guard let region else { return .everywhere }
        return Damage<Other>(region.compactMap(convert))
    }

    /// Adds `rect`, merging it with every rectangle it overlaps, until it overlaps none.
    private mutating func absorb(_ rect: PixelRect) {
        var grown = rect
        while let index = region?.firstIndex(where: { $0.clipped(to: grown) != nil }), let met = region?.remove(at: index) {
            grown = PixelRect.bounds(of: [grown, met]) ?? grown
        }
        region?.append(grown)
    }

    /// The two rectangles whose box covers the least area the pair does not become that box.
    private mutating func mergeCheapestPair() {
        guard let rects = region else { return }
        var best: (i: Int, j: Int, cost: Int)?
        for i in rects.indices {
            for j in rects.indices where j > i {
                guard let box = PixelRect.bounds(of: [rects[i], rects[j]]) else { continue }
                let cost = box.area - rects[i].area - rects[j].area
                if best.map({ cost < $0.cost }) ?? true { best = (i, j, cost) }
            }
        }
        guard let best else { return }
        region?.remove(at: best.j)
        region?.remove(at: best.i)
        absorb(PixelRect.bounds(of: [rects[best.i], rects[best.j]]) ?? rects[best.i])
    }
}

/// Damage in each space, by name.
public typealias SurfaceDamage = Damage<SurfaceSpace>
public typealias BufferDamage = Damage<BufferSpace>
public typealias OutputDamage = Damage<OutputSpace>

extension PixelRect {
    /// How many pixels it covers.
    public var area: Int { width * height }
}
