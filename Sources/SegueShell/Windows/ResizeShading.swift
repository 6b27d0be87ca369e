import SegueEngine
import SegueRender

/// What a window's resize drawn by a resize shader keeps between frames: the
/// targets it draws into, and the layer it drew last with what it drew it for.
struct ResizeShading {
    /// The window's layers alone, as they are now.
    var after: RenderTarget?
    /// The shader's frame.
    var frame: RenderTarget?
    private var last: (progress: Double, drawn: PixelRect, layer: SurfaceLayer)?

    /// The layer drawn for this progress and rectangle already, if it was.
    func layer(progress: Double, drawn: PixelRect) -> SurfaceLayer? {
        guard let last, last.progress == progress, last.drawn == drawn else { return nil }
        return last.layer
    }

    mutating func drew(_ layer: SurfaceLayer, progress: Double, drawn: PixelRect) { last = (progress, drawn, layer) }

    /// The target kept at `path` where it is of this size, else a new one kept there.
    mutating func target(_ path: WritableKeyPath<ResizeShading, RenderTarget?>, width: Int, height: Int, painter: Painter) -> RenderTarget? {
        if let kept = self[keyPath: path], kept.width == width, kept.height == height { return kept }
        self[keyPath: path] = try? painter.target(width: width, height: height)
        return self[keyPath: path]
    }
}
