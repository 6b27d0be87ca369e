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

    /// A transparent texture of this size: nothing as layers copy it, pixel
    /// for pixel. The last few sizes are kept (players of several windows).
    func transparent(width: Int, height: Int) throws -> Texture {
        if let kept = transparentFrames.first(where: { $0.width == width && $0.height == height }) { return try kept.drawnTexture() }
        let made = try RenderTarget(width: width, height: height)
        made.bind()
        glClearColor(0, 0, 0, 0)
        glClear(GLenum(GL_COLOR_BUFFER_BIT))
        made.texture?.holdsAlpha()
        transparentFrames = transparentFrames.suffix(3) + [made]
        return try made.drawnTexture()
    }

    /// A window's transition over `scene` (see `FrameContent.windowOver`):
    /// the scene copied, the window's surfaces composed alone over nothing
    /// within `area`, the effect drawn in `form` from or to nothing over
    /// `area`, laid over. Costs the effect over `area`, a blend of it, and the copies.
    func drawWindow(_ settings: EffectSettings, window layers: [SurfaceLayer], area: PixelRect, over scene: Texture,
                    opening: Bool, progress: Double, direction: TransitionDirection, form: EffectForm,
                    into target: RenderTarget) throws {
        let (frame, drawn) = try drawAlone(settings, window: layers, area: area, opening: opening, progress: progress, direction: direction,
                                           form: form, outputWidth: target.width, outputHeight: target.height)
        try compose([SurfaceLayer(scene, at: target.bounds)], background: (0, 0, 0), into: target)
        // Elsewhere the frame is transparent: laid over, it would change nothing.
        guard let drawn else { return }
        try lay(frame, over: target, at: area, within: PixelRect(x: area.x + drawn.x, y: area.y + drawn.y, width: drawn.width, height: drawn.height),
                flipped: false)
    }

    /// The window's surfaces composed alone over nothing within `area`, and
    /// the effect drawn from or to nothing over it into the frame returned,
    /// with the part of it drawn.
    private func drawAlone(_ settings: EffectSettings, window layers: [SurfaceLayer], area: PixelRect, opening: Bool, progress: Double,
                           direction: TransitionDirection, form: EffectForm, outputWidth: Int, outputHeight: Int) throws -> (RenderTarget, PixelRect?) {
        let alone = try scratch(&windowAlone, width: area.width, height: area.height)
        // A closing window is a picture kept as it was: composed once; an opening one is live, every frame.
        let kept = !opening && layers.count == 1 ? layers.first?.texture : nil
        let rect = layers.first?.rect
        if kept == nil || windowAloneHolds?.picture !== kept || windowAloneHolds?.area != area || windowAloneHolds?.rect != rect {
            try composeAlone(layers.map { layer in
                var moved = layer
                moved.rect = PixelRect(x: layer.rect.x - area.x, y: layer.rect.y - area.y, width: layer.rect.width, height: layer.rect.height)
                return moved
            }, into: alone)
            windowAloneHolds = kept.map { KeptPicture(picture: $0, area: area, rect: rect) }
        }
        let frame = try scratch(&windowFrame, width: area.width, height: area.height)
        let window = try alone.drawnTexture(), nothing = try nothing
        // A source rectangle is the output's: the drawing is a part of it.
        let placed = settings.sourceRect(within: area, outputWidth: outputWidth, outputHeight: outputHeight)
        let sparse = Self.content(of: layers, in: area).map { SparseSide(texture: window, content: $0) }
        let played = settings.effect.source.interface.direction(opening: opening) ?? direction
        // A one-window shader's window is where the cut side holds it (its geometry), else all of the drawing.
        let output = PixelRect(x: 0, y: 0, width: outputWidth, height: outputHeight)
        let bounds = PixelRect.bounds(of: layers.map(\.rect))
        let fills = bounds.map { output.clipped(to: $0) == output } ?? false
        let shown = OneWindowFrame(geometry: sparse?.content, opening: opening, fillsOutput: fills,
                                   room: settings.effect.room(windowHeight: bounds?.height ?? 0, outputHeight: outputHeight))
        let drawn = try draw(placed, from: opening ? nothing : window, to: opening ? window : nothing, progress: progress,
                             direction: played, form: form, window: frame.bounds, sparse: sparse, oneWindow: shown, into: frame)
        return (frame, drawn)
    }

    /// Where `layers` lie in a drawing over `area`, as fractions of it: nil
    /// where that is all of it (no part of the drawing is known to be empty).
    static func content(of layers: [SurfaceLayer], in area: PixelRect) -> LayerRect? {
        guard area.width > 0, area.height > 0, let bounds = PixelRect.bounds(of: layers.map(\.rect)),
              let inside = bounds.clipped(to: area), inside != area else { return nil }
        let (w, h) = (Double(area.width), Double(area.height))
        return LayerRect(x: Double(inside.x - area.x) / w, y: Double(inside.y - area.y) / h,
                         width: Double(inside.width) / w, height: Double(inside.height) / h)
    }

    /// `layers` over nothing into `target`, its texture sampled with their alpha.
    func composeAlone(_ layers: [SurfaceLayer], into target: RenderTarget) throws {
        target.bind()
        // Not where the bottom layer is copied over all of it.
        if !(layers.first.map { $0.opacity >= 1 && covers(target, as: $0) } ?? false) {
            glClearColor(0, 0, 0, 0)
            glClear(GLenum(GL_COLOR_BUFFER_BIT))
        }
        try compose(layers, background: nil, into: target, coverage: true)
        target.texture?.holdsAlpha()
    }

    /// `texture` stretched over `window` of a `width`×`height` drawing,
    /// transparent around it, in `kept`: a side as layers take it, filling the
    /// drawing (the shader's glue places a side itself). Costs one copy.
    package func placed(_ texture: Texture, at window: PixelRect, width: Int, height: Int, in kept: inout RenderTarget?) throws -> Texture {
        let drawing = try scratch(&kept, width: width, height: height)
        try composeAlone([SurfaceLayer(texture, at: window)], into: drawing)
        return try drawing.drawnTexture()
    }

    /// What `first`, a window's first frame over the screen behind it, draws
    /// into (the window alone, its frame and the transparent side of that
    /// size) made, and its window drawn there once with the
    /// effect, the GPU done with it all: that first frame would pay for
    /// memory first touched (llvmpipe: about 10 ms at 1828×792 on 2 cores),
    /// and llvmpipe's first draw of an effect over a drawing that size took
    /// 11 ms more where the next took 1 (zoom-from-rect's minimize).
    package func readyDrawing(_ first: FrameContent, outputWidth: Int, outputHeight: Int) throws {
        guard case .windowOver(let settings, let layers, let area, _, let opening, let progress, let direction, let form) = first,
              area.width > 0, area.height > 0 else { return }
        windowAloneHolds = nil
        _ = try transparent(width: area.width, height: area.height)
        _ = try drawAlone(settings, window: layers, area: area, opening: opening, progress: progress, direction: direction, form: form,
                          outputWidth: outputWidth, outputHeight: outputHeight)
        windowAloneHolds = nil
        finish()
    }

    /// `kept` where it is of this size, else a new target kept there.
    private func scratch(_ kept: inout RenderTarget?, width: Int, height: Int) throws -> RenderTarget {
        if let kept, kept.width == width, kept.height == height { return kept }
        let made = try RenderTarget(width: width, height: height)
        kept = made
        return made
    }

    /// Lays `frame` (premultiplied) over `host`, stretched to `rect` (rows of
    /// `host` as GL numbers them; parts outside `host` fall away). Where
    /// `frame` is transparent `host` keeps its pixels exactly, and its alpha
    /// stays what it was. `flipped`: `host`'s y = 0 is its bottom row (a
    /// window surface's default framebuffer), so the frame goes upside down.
    /// Only `within` of `host`, where given: the frame is transparent elsewhere.
    package func lay(_ frame: RenderTarget, over host: RenderTarget, at rect: PixelRect, within: PixelRect? = nil, flipped: Bool) throws {
        let texture = try frame.drawnTexture()
        guard let bounds = within.map({ $0.clipped(to: host.bounds) }) ?? host.bounds, let visible = rect.clipped(to: bounds) else { return }
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

/// A closing window's kept picture, and where, composed into the renderer's
/// scratch target: held weakly, so a picture freed is never taken for another.
struct KeptPicture {
    weak var picture: Texture?
    let area: PixelRect
    /// Where in the output it was composed from: a window moved is composed again.
    let rect: PixelRect?
}
