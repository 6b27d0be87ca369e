import SegueEngine
import SegueImaging
import SegueRender

/// The last frame drawn again: for a screenshot, and for a snapshot a transition retargeted mid-way starts from.
extension Output {
    /// What is on screen, drawn again into a texture of its own: where a
    /// transition retargeted mid-way starts from.
    func snapshot() -> ScreenSource {
        guard let target = try? painter.target(width: width, height: height), redraw(into: target),
              let texture = target.texture else { return .texture(backgroundTexture) }
        return .texture(texture)
    }

    /// What the output shows, drawn again and read back, rows top first:
    /// a screenshot, whatever buffer the backend shows it from.
    func screenImage() throws -> RGBAImage {
        let target = try painter.target(width: width, height: height)
        guard redraw(into: target) else { throw RenderError("nothing could be drawn") }
        return painter.read(target, opaque: true)
    }

    /// Draws the last frame again into `target`: the transition's frame as
    /// it was, the screen or the desktop as they are now; whether it could.
    func redraw(into target: RenderTarget) -> Bool {
        do {
            switch lastContent {
            case .nothing:
                try painter.render(.surfaces([], background: background), into: target)
            case .transition(let transition, let over, let progress, let form, let scale):
                try painter.render(content(of: transition, over: over, from: texture(transition.from, fresh: false),
                                           to: texture(transition.to, fresh: false), progress: progress, form: form, scale: scale),
                                   into: target)
                drawOverLayers(into: target)
            case .desktop:
                try painter.render(.surfaces(desktopLayers(), background: background), into: target)
            case .switcher(let view):
                try painter.render(.surfaces(switcherLayers(view, fresh: false).layers, background: background), into: target)
                drawOverLayers(into: target)
            case .departing(let picture, let opacity):
                try painter.render(.surfaces(departingLayers(picture, opacity: opacity, fresh: false), background: background),
                                    into: target)
                drawOverLayers(into: target)
            case .screen:
                try painter.render(.surfaces([SurfaceLayer(texture(delegate?.shownScreen(), fresh: false), at: target.bounds)] + overLayers(),
                                             background: background), into: target)
            }
            return true
        } catch {
            return false
        }
    }
}
