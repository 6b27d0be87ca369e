/// What the compositor is told of surfaces.
package protocol SurfaceDelegate: AnyObject {
    /// A commit applied, changing `changes` (the role's part too).
    func surfaceCommitted(_ surface: Surface, _ changes: CommitChanges)
    func surfaceDestroyed(_ surface: Surface)
    /// The client is destroying the buffer whose pixels wait to be taken: the last chance to take them.
    func untakenBufferDestroyed(_ surface: Surface)
    /// One of `parent`'s subsurfaces went, and with it all it showed, at once.
    func subsurfaceRemoved(from parent: Surface)
}
