/// One thing a frame drew, as damage sees it: whose pixels (`id`) in which
/// version of them (`version` counts their changes, as a surface's commit
/// counter does), where they lay, how they were drawn (`look`: turned,
/// cropped, opaque or not; any change there redraws all they cover), and
/// what of the output their pixels changed since an older version (where
/// they lie; everywhere where that is not known).
public struct DrawnElement: Equatable {
    public let id: ObjectIdentifier
    public let version: Int
    public let rect: PixelRect
    public let look: AnyHashable
    private let changedSince: (_ older: Int) -> OutputDamage

    public init(id: ObjectIdentifier, version: Int, rect: PixelRect, look: AnyHashable,
                changedSince: @escaping (_ older: Int) -> OutputDamage) {
        self.id = id
        self.version = version
        self.rect = rect
        self.look = look
        self.changedSince = changedSince
    }

    /// What of the output its pixels changed since version `older`: never outside it.
    public func changes(since older: Int) -> OutputDamage { changedSince(older).clipped(to: rect) }

    public static func == (lhs: DrawnElement, rhs: DrawnElement) -> Bool {
        lhs.id == rhs.id && lhs.version == rhs.version && lhs.rect == rhs.rect && lhs.look == rhs.look
    }

    /// What of the output differs between a frame that drew `old` and one
    /// that draws `new`, both bottom first: of an element in both, drawn
    /// alike and in the same order among the rest, what its pixels changed
    /// between the two versions; else all it covered in either frame.
    public static func difference(from old: [DrawnElement], to new: [DrawnElement]) -> OutputDamage {
        let before = Dictionary(old.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let now = Set(new.map(\.id))
        // Where each element that stays lies among those that stay: one that moved up or down changes what covers what.
        let rankBefore = Self.ranks(old.filter { now.contains($0.id) }), rankNow = Self.ranks(new.filter { before[$0.id] != nil })
        var damage = OutputDamage.none
        for element in new {
            guard let earlier = before[element.id] else {
                damage.add(element.rect)
                continue
            }
            if rankBefore[element.id] == rankNow[element.id], earlier.rect == element.rect, earlier.look == element.look {
                if earlier.version != element.version { damage.add(element.changes(since: earlier.version)) }
            } else {
                damage.add(earlier.rect)
                damage.add(element.rect)
            }
        }
        for element in old where !now.contains(element.id) { damage.add(element.rect) }
        return damage
    }

    private static func ranks(_ elements: [DrawnElement]) -> [ObjectIdentifier: Int] {
        Dictionary(elements.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
    }
}
