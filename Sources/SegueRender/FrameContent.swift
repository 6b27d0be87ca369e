import SegueEngine

/// What one frame of a target shows: the one thing `Renderer.render` draws.
package enum FrameContent {
    /// Client surfaces over a background colour (0...1 per channel), bottom
    /// first: a window's screen from its surfaces, the desktop, or one screen
    /// shown as it is; with no colour, over what the target holds (the
    /// desktop's top layers over a transition's frame).
    case surfaces([SurfaceLayer], background: (Float, Float, Float)?)
    /// A transition's frame: its effect between two screens at `progress`,
    /// drawn in `form` at `scale` per side (see `draw(…scale:…)`).
    case transition(EffectSettings, from: Texture, to: Texture, progress: Double, direction: TransitionDirection,
                    form: Renderer.EffectForm, scale: Double)
    /// Surfaces over nothing: transparent where none covers, their alpha
    /// kept (a window as it was, to close over the screen behind it).
    case alone([SurfaceLayer])
    /// A window opening (from nothing) or closing (to nothing) over `scene`,
    /// a screen shown as it is: the window's surfaces (`window`, placed on
    /// the target) drawn with the effect, in `form`, over `area` of the target
    /// (the window and the margin it may move in), the rest of the scene untouched.
    case windowOver(EffectSettings, window: [SurfaceLayer], area: PixelRect, scene: Texture, opening: Bool, progress: Double,
                    direction: TransitionDirection, form: Renderer.EffectForm)
    /// A window's resize drawn by a niri resize shader over all of the
    /// target, from its picture `before` to the one `after`, transparent
    /// around the window.
    case resize(EffectSettings, before: Texture, after: Texture, frame: ResizeFrame, progress: Double)

    /// One screen filling `target`, over the background where it is not opaque.
    package static func screen(_ texture: Texture, filling target: RenderTarget, background: (Float, Float, Float)) -> FrameContent {
        .surfaces([SurfaceLayer(texture, at: target.bounds)], background: background)
    }
}

extension Renderer {
    /// Draws `content` into `target`. Surfaces are redrawn only within
    /// `damage`, rectangle by rectangle (the rest of the target already shows
    /// them), an opaque screen under them that covers the target as it is
    /// copied (a blit, at memory speed); a transition's frame is drawn whole.
    package func render(_ content: FrameContent, within damage: OutputDamage, into target: RenderTarget) throws {
        switch content {
        case .surfaces(let layers, let background):
            let full = target.bounds
            for rect in damage.rects(within: full) {
                try compose(layers, background: background, into: target, clip: rect == full ? nil : rect)
            }
        case .transition(let settings, let from, let to, let progress, let direction, let form, let scale):
            try draw(settings, from: from, to: to, progress: progress, direction: direction, form: form, scale: scale, into: target)
        case .alone(let layers):
            try composeAlone(layers, into: target)
        case .windowOver(let settings, let window, let area, let scene, let opening, let progress, let direction, let form):
            try drawWindow(settings, window: window, area: area, over: scene, opening: opening, progress: progress,
                           direction: direction, form: form, into: target)
        case .resize(let settings, let before, let after, let frame, let progress):
            try draw(settings, from: before, to: after, progress: progress, form: .shader, resizing: frame, into: target)
            target.texture?.holdsAlpha()
        }
    }

    /// Whether `layer` is an opaque screen of the target's size drawn as it is stored: a copy shows it.
    func covers(_ target: RenderTarget, as layer: SurfaceLayer) -> Bool {
        let texture = layer.texture
        return texture.isOpaque && texture.blitsAsItLooks && texture.width == target.width && texture.height == target.height
            && layer.rect == target.bounds
            && layer.transform == .normal && layer.crop == SIMD4(0, 0, 1, 1)
    }
}
