/// What a client asked the pointer to look like over its surfaces
/// (wl_pointer.set_cursor): a surface with the cursor role and the hotspot in
/// it, or no surface for no cursor at all.
package struct CursorRequest {
    /// Nil: the client hides the pointer.
    package let surface: Surface?
    /// In the surface's units, from its top left.
    package let hotspotX: Int
    package let hotspotY: Int
}
