import CGLES
import SegueEngine
import SegueImaging

/// A transition drawn over what a framebuffer already holds: one window
/// appearing or going over the desktop. The frame is drawn offscreen with its
/// alpha (the side that is nothing transparent), then laid over the
/// framebuffer, premultiplied, touching only what it covers.
extension Renderer {
    /// A side that is nothing: one transparent texel, sampled as the window would be.
    package var nothing: Texture {
        get throws {
            if let made = nothingTexture { return made }
            let made = try Texture(image: RGBAImage(width: 1, height: 1, fill: RGBA(0, 0, 0, 0)))
            nothingTexture = made
            return made
        }
    }

    /// Lays `frame` (premultiplied) over `host`, stretched to `rect` (rows of
    /// `host` as GL numbers them; parts outside `host` fall away). Where
    /// `frame` is transparent `host` keeps its pixels exactly, and its alpha
    /// stays what it was. `flipped`: `host`'s y = 0 is its bottom row (a
    /// window surface's default framebuffer), so the frame goes upside down.
    package func lay(_ frame: RenderTarget, over host: RenderTarget, at rect: PixelRect, flipped: Bool) throws {
        let texture = try frame.drawnTexture()
        guard let visible = rect.clipped(to: host.bounds) else { return }
        var mesh = LayerMesh()
        mesh.addRect(Double(visible.x), Double(visible.y), Double(visible.x + visible.width), Double(visible.y + visible.height),
                     TextureMapping.fill(rect, transform: flipped ? .flipped180 : .normal))
        try meshes.get().draw(mesh, texture, blend: .over(tint: SIMD4(repeating: 1)), into: host)
    }

    /// A new texture holding what `target` shows now, or its `rect` where
    /// given, copied on the GPU.
    package func snapshot(of target: RenderTarget, cropping rect: PixelRect?) throws -> Texture {
        guard let rect else { return try snapshot(of: target) }
        let shown = try target.drawnTexture()
        let snapshot = try RenderTarget(width: rect.width, height: rect.height, storage: shown.storage)
        copy(shown, regions: [(rect, 0, 0)], into: snapshot)
        return try snapshot.drawnTexture()
    }
}
