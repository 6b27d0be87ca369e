/// A surface's subsurfaces coming, going and restacked: restacking takes effect at its next commit.
extension Surface {
    /// A new subsurface goes on top of its siblings at once.
    func add(_ subsurface: Subsurface) {
        subsurfaces.addOnTop(subsurface)
        pendingSubsurfaces?.addOnTop(subsurface)
    }

    func remove(_ subsurface: Subsurface) {
        subsurfaces.remove(subsurface)
        pendingSubsurfaces?.remove(subsurface)
        delegate?.subsurfaceRemoved(from: self)
    }

    /// Restacks `subsurface` from the next commit; false when `sibling` is not
    /// one of this surface's subsurfaces (nil: this surface itself).
    func place(_ subsurface: Subsurface, above: Bool, sibling: Subsurface?) -> Bool {
        var order = pendingSubsurfaces ?? subsurfaces
        guard order.place(subsurface, above: above, sibling: sibling) else { return false }
        pendingSubsurfaces = order
        return true
    }
}
