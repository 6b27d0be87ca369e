import SegueEngine

/// What one commit changed of a surface: applying it returns this, and the
/// surface hands it to its role and its delegate, who keep what they need;
/// the surface keeps none of it once they have heard.
package struct CommitChanges {
    /// The buffer it attached, checked; nil where it attached none or kept the one before.
    package var buffer: SurfaceBuffer?
    /// Where that buffer's content changed, in its pixels: all of it where
    /// the buffer is shown otherwise than the one before (scale, transform, crop).
    package var damage = BufferDamage.none
    /// Whether it may look different: a new buffer or none, or the same one
    /// shown otherwise (scale, transform, crop, opaque region).
    package var newContent = false
    /// Whether it moved or restacked a subsurface.
    package var subsurfacesChanged = false
    /// Where its new content's top left went, in surface units from the old
    /// one's (wl_surface.offset, or attach's x and y before version 5): for a
    /// cursor, how far its hotspot moved the other way.
    package var offset = (x: 0, y: 0)
    /// Whether it changed the window geometry (an xdg_surface's, which its
    /// role applies as it hears of the commit), which popups are placed against.
    package var geometryChanged = false

    package init() {}
}
