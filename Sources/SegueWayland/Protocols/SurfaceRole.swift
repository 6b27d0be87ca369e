/// What a surface is for: an xdg toplevel or popup, or a subsurface. A surface
/// gets at most one role for its lifetime.
package protocol SurfaceRole: AnyObject {
    var roleName: String { get }
    /// The surface's pending state was just applied, changing `changes`;
    /// the role adds what it applied of its own.
    func surfaceCommitted(_ surface: Surface, _ changes: inout CommitChanges)
    /// The wl_surface is going away.
    func surfaceDestroyed(_ surface: Surface)
    /// A commit that attaches no buffer is about to apply: the surface still
    /// shows its last one, for whoever keeps its picture as it goes.
    func surfaceWillLoseBuffer(_ surface: Surface)
}

extension SurfaceRole {
    package func surfaceWillLoseBuffer(_ surface: Surface) {}
}

/// Something a surface must ask before applying a commit or taking a buffer:
/// an xdg_surface that has no role object yet, or was never configured,
/// refuses, with the error its protocol names.
protocol SurfaceCommitCheck: AnyObject {
    func surfaceMayCommit(_ surface: Surface) -> Bool
    func surfaceMayAttach(_ surface: Surface) -> Bool
}
