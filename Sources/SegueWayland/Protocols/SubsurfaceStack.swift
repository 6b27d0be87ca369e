/// A surface's subsurfaces, bottom to top: those drawn under it, then those over it.
package struct SubsurfaceStack {
    package private(set) var below: [Subsurface] = []
    package private(set) var above: [Subsurface] = []

    package var all: [Subsurface] { below + above }
    var isEmpty: Bool { below.isEmpty && above.isEmpty }

    /// A new subsurface goes on top of its siblings.
    mutating func addOnTop(_ subsurface: Subsurface) { above.append(subsurface) }

    mutating func remove(_ subsurface: Subsurface) {
        below.removeAll { $0 === subsurface }
        above.removeAll { $0 === subsurface }
    }

    /// Moves `subsurface` just above or below `sibling`, or the parent itself
    /// when `sibling` is nil. False, and nothing moved, when `sibling` is not in this stack.
    mutating func place(_ subsurface: Subsurface, above placedAbove: Bool, sibling: Subsurface?) -> Bool {
        guard let sibling else {
            remove(subsurface)
            if placedAbove { above.insert(subsurface, at: 0) } else { below.append(subsurface) }
            return true
        }
        guard sibling !== subsurface, all.contains(where: { $0 === sibling }) else { return false }
        remove(subsurface)
        if let index = above.firstIndex(where: { $0 === sibling }) {
            above.insert(subsurface, at: placedAbove ? index + 1 : index)
        } else if let index = below.firstIndex(where: { $0 === sibling }) {
            below.insert(subsurface, at: placedAbove ? index + 1 : index)
        }
        return true
    }

    /// Whether both list the same subsurfaces in the same places.
    func sameOrder(as other: SubsurfaceStack) -> Bool {
        below.elementsEqual(other.below, by: ===) && above.elementsEqual(other.above, by: ===)
    }
}
