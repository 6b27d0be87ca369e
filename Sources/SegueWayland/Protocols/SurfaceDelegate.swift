/// What the compositor is told of surfaces.
package protocol SurfaceDelegate: AnyObject {
    /// A commit changed what the surface shows, or asked for a frame callback.
    func surfaceCommitted(_ surface: Surface)
    func surfaceDestroyed(_ surface: Surface)
    /// The client is destroying the buffer whose pixels wait to be taken: the last chance to take them.
    func untakenBufferDestroyed(_ surface: Surface)
    /// One of `parent`'s subsurfaces went, and with it all it showed, at once.
    func subsurfaceRemoved(from parent: Surface)
}
