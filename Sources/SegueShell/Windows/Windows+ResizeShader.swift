import SegueEngine
import SegueRender

/// A resize drawn by a niri resize shader (`[transitions.resize] effect`
/// naming one): each frame, the window's layers alone where it now is, and
/// its old picture, are drawn by the shader over the rectangle between them
/// and a margin around it, one layer laid on the desktop.
extension Windows {
    func installResizeShading() {
        layerSurfaces.motions.shadeResize = { [unowned self] window, resize in shaded(window, resize) }
    }

    /// `resize`'s frame of `window`, drawn once per frame (a frame is composed
    /// more than once: for its damage, and drawn); nil where no shader plays it.
    private func shaded(_ window: Window, _ resize: ShadedResize) -> SurfaceLayer? {
        guard let name = compositor.config.resize.shader, let settings = compositor.config.settings(effect: name),
              settings.effect.source.interface == .niriResize, resize.at.width > 0, resize.at.height > 0 else { return nil }
        let whole = PixelRect(x: 0, y: 0, width: output.width, height: output.height)
        guard let area = OneWindowFrame.area(around: resize.drawn, room: (1, 1), outputWidth: output.width, outputHeight: output.height)
            .clipped(to: whole) else { return nil }
        var shading = window.resizeShading ?? ResizeShading()
        if let layer = shading.layer(progress: resize.progress, drawn: resize.drawn) { return layer }
        let painter = compositor.renderer
        guard let after = shading.target(\.after, width: resize.at.width, height: resize.at.height, painter: painter),
              let frame = shading.target(\.frame, width: area.width, height: area.height, painter: painter) else { return nil }
        let alone = resize.after.map { layer in
            var moved = layer
            moved.rect = PixelRect(x: layer.rect.x - resize.at.x, y: layer.rect.y - resize.at.y, width: layer.rect.width, height: layer.rect.height)
            return moved
        }
        let (w, h) = (Double(area.width), Double(area.height)), drawn = resize.drawn
        let current = LayerRect(x: Double(drawn.x - area.x) / w, y: Double(drawn.y - area.y) / h,
                                width: Double(drawn.width) / w, height: Double(drawn.height) / h)
        guard (try? painter.render(.alone(alone), into: after)) != nil, let afterTexture = after.texture,
              (try? painter.render(.resize(settings, before: resize.before, after: afterTexture,
                                           frame: ResizeFrame(current: current, previous: (resize.from.width, resize.from.height),
                                                              next: (resize.at.width, resize.at.height)),
                                           progress: resize.progress), into: frame)) != nil,
              let texture = frame.texture else {
            window.resizeShading = nil
            return nil
        }
        let layer = SurfaceLayer(texture, at: area)
        shading.drew(layer, progress: resize.progress, drawn: resize.drawn)
        window.resizeShading = shading
        return layer
    }
}
