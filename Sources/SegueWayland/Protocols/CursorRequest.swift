/// What a client asked the pointer to look like over its surfaces
/// (wl_pointer.set_cursor): a surface with the cursor role and the hotspot in
/// it, or no surface for no cursor at all; or (wp_cursor_shape_v1) a shape by its CSS name.
package struct CursorRequest {
    /// Nil: the client hides the pointer, unless it named a shape.
    package let surface: Surface?
    /// In the surface's units, from its top left.
    package let hotspotX: Int
    package let hotspotY: Int
    /// The shape's CSS name ("default", "text", "ew-resize"…), where it named one.
    package var shape: String?

    init(surface: Surface?, hotspotX: Int, hotspotY: Int) {
        self.surface = surface
        self.hotspotX = hotspotX
        self.hotspotY = hotspotY
    }

    init(shape: String) {
        self.init(surface: nil, hotspotX: 0, hotspotY: 0)
        self.shape = shape
    }
}
