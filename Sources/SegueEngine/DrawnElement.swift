/// One thing a frame drew, as damage sees it: whose pixels (`id`) in which
/// version of them (`version` counts their changes, as a surface's commit
/// counter does), where they lay, and how they were drawn (`look`: turned,
/// cropped, opaque or not; any change there redraws all they cover).
public struct DrawnElement: Equatable {
    public let id: ObjectIdentifier
    public let version: Int
    public let rect: PixelRect
    public let look: AnyHashable

    public init(id: ObjectIdentifier, version: Int, rect: PixelRect, look: AnyHashable) {
        self.id = id
        self.version = version
        self.rect = rect
        self.look = look
    }

    /// What of the output differs between a frame that drew `old` and one
    /// that draws `new`, both bottom first: of an element in both, drawn
    /// alike and in the same order among the rest, what its pixels changed
    /// between the two versions (`changed`, in output pixels); else all it
    /// covered in either frame.
    public static func difference(from old: [DrawnElement], to new: [DrawnElement],
                                  changed: (DrawnElement, _ since: Int) -> Damage) -> Damage {
        let before = Dictionary(old.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let now = Set(new.map(\.id))
        // Where each element that stays lies among those that stay: one that moved up or down changes what covers what.
        let rankBefore = Self.ranks(old.filter { now.contains($0.id) }), rankNow = Self.ranks(new.filter { before[$0.id] != nil })
        var damage = Damage.none
        for element in new {
            guard let earlier = before[element.id] else {
                damage.add(element.rect)
                continue
            }
            if rankBefore[element.id] == rankNow[element.id], earlier.rect == element.rect, earlier.look == element.look {
                if earlier.version != element.version { damage.add(changed(element, earlier.version)) }
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
