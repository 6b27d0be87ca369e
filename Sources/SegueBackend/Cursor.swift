/// What the pointer looks like over the output: what the client under it
/// asked for, or the backend's own arrow where none did.
public enum Cursor: Equatable, Sendable {
    /// The backend's own arrow: over no window, or a client that set no cursor.
    case standard
    /// A client asked for no cursor.
    case hidden
    case image(CursorImage)
    /// A client named a shape (wp_cursor_shape_v1, CSS names: "text",
    /// "pointer", "ew-resize"…): the backend shows its theme's picture of it.
    case named(String)
}

/// A client's cursor picture, copied from its wl_shm buffer.
public struct CursorImage: Equatable, Sendable {
    /// Premultiplied ARGB8888 as wl_shm lays it out (bytes B, G, R, A), rows
    /// top first, `width * 4` bytes each.
    public let pixels: [UInt8]
    public let width: Int
    public let height: Int
    /// The buffer's scale: `width / scale` surface units wide.
    public let scale: Int
    /// The point that is the pointer's position, in surface units from the top left.
    public let hotspotX: Int
    public let hotspotY: Int

    public init(pixels: [UInt8], width: Int, height: Int, scale: Int, hotspotX: Int, hotspotY: Int) {
        self.pixels = pixels
        self.width = width
        self.height = height
        self.scale = scale
        self.hotspotX = hotspotX
        self.hotspotY = hotspotY
    }
}
