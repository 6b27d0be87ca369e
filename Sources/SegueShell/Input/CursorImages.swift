import SegueBackend
import SegueWayland

/// Each cursor surface's picture, copied as it is committed: a client may
/// point wl_pointer.set_cursor at a surface whose buffer went back to it long
/// before. Segue draws no pointer itself; a backend that has one (a nested
/// window's) shows the picture.
final class CursorImages {
    /// A cursor is a few dozen pixels a side; bigger pictures are not kept.
    static let largestSide = 256
    /// Pictures kept per client, newest first: a cursor theme needs one or
    /// two surfaces, and a client making thousands cannot make Segue hold them.
    static let perClient = 8

    private struct Picture {
        let client: OpaquePointer
        let pixels: [UInt8]
        let width: Int
        let height: Int
        let scale: Int
    }

    private var pictures: [ObjectIdentifier: Picture] = [:]
    /// Each client's pictures, oldest first.
    private var order: [OpaquePointer: [ObjectIdentifier]] = [:]

    /// Takes what a cursor surface just committed: a new buffer's pixels
    /// (`committed`), a new scale for the same pixels, or nothing for no buffer.
    func take(_ surface: Surface, committed: SurfaceBuffer?) {
        let key = ObjectIdentifier(surface)
        guard let buffer = committed else {
            if !surface.hasBuffer {
                forget(surface)
            } else if let old = pictures[key], old.scale != surface.bufferScale {
                pictures[key] = Picture(client: old.client, pixels: old.pixels, width: old.width, height: old.height, scale: surface.bufferScale)
            }
            return
        }
        forget(surface)
        // A dmabuf cursor would have to be read back from the GPU: it shows none.
        guard let buffer = buffer.shm, buffer.width <= Self.largestSide, buffer.height <= Self.largestSide else { return }
        let rowBytes = buffer.width * 4
        var pixels: [UInt8] = []
        pixels.reserveCapacity(rowBytes * buffer.height)
        buffer.withBytes { bytes in
            for row in 0..<buffer.height { pixels += bytes[(row * buffer.stride)..<(row * buffer.stride + rowBytes)] }
        }
        // XRGB's fourth byte means nothing: the picture is opaque.
        if buffer.opaque { for i in stride(from: 3, to: pixels.count, by: 4) { pixels[i] = 255 } }
        pictures[key] = Picture(client: surface.client, pixels: pixels, width: buffer.width, height: buffer.height, scale: surface.bufferScale)
        var kept = order[surface.client, default: []] + [key]
        while kept.count > Self.perClient { pictures[kept.removeFirst()] = nil }
        order[surface.client] = kept
    }

    /// Pictures `client`'s surfaces hold.
    func count(heldBy client: OpaquePointer) -> Int { order[client]?.count ?? 0 }

    func forget(_ surface: Surface) {
        let key = ObjectIdentifier(surface)
        guard let picture = pictures.removeValue(forKey: key) else { return }
        let kept = order[picture.client, default: []].filter { $0 != key }
        order[picture.client] = kept.isEmpty ? nil : kept
    }

    /// What the pointer looks like for a client's request: the backend's own
    /// arrow when there is none, nothing for no surface or one not yet drawn.
    func cursor(for request: CursorRequest?) -> Cursor {
        guard let request else { return .standard }
        if let shape = request.shape { return shape == "default" ? .standard : .named(shape) }
        guard let surface = request.surface, let picture = pictures[ObjectIdentifier(surface)] else { return .hidden }
        return .image(CursorImage(pixels: picture.pixels, width: picture.width, height: picture.height, scale: picture.scale,
                                  hotspotX: request.hotspotX, hotspotY: request.hotspotY))
    }
}
