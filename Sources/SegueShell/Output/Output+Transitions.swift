import Foundation
import SegueBackend
import SegueEngine
import SeguePolicy
import SegueRender

/// The transition on screen, as the output draws it: its effect readied
/// before its clock starts, its windows' pixels taken in time for each
/// frame, each frame drawn (between two screens, or a window over the other)
/// at the size adaptive quality allows, and what each frame cost recorded
/// once it was presented.
extension Output {
    /// Compiles `effect` and, where it has two forms, times both at the
    /// output's size the first time, and with adaptive quality a frame at each
    /// smaller size: before its transition starts its clock, so no frame of it
    /// waits for that.
    func prepare(_ effect: EffectDescriptor) throws {
        try painter.prepare(effect)
        _ = painter.form(for: effect, width: width, height: height)
        for scale in resolution?.allowedSteps ?? [] {
            _ = try painter.frameCost(of: effect, width: width, height: height, scale: scale)
        }
    }

    /// Seconds left before the next transition frame must start drawing, less
    /// a sixteenth of a refresh to spare; nil when no such frame is due (none
    /// runs, or a hand holds it still and nothing changed).
    func secondsBeforeTransitionFrame() -> Double? {
        guard let running = navigation.transition, running.interactive?.isTracking != true || !pending.isEmpty,
              let start = backend.nextDrawStart else { return nil }
        return start.seconds(since: backend.now) - backend.refreshInterval / 16
    }

    /// `window` took new pixels: a running transition counts them for its
    /// side. Whether it is one of the running transition's windows.
    @discardableResult
    func newPixels(of window: Window) -> Bool {
        guard let running = navigation.transition else { return false }
        var shown = false
        if case .window(let from) = running.from, from === window {
            running.recordNewPixels(on: .from)
            shown = true
        }
        if case .window(let to) = running.to, to === window {
            running.recordNewPixels(on: .to)
            shown = true
        }
        for (source, side) in [(running.from, TransitionSide.from), (running.to, .to)] where desktop(source, holds: window) {
            running.recordNewPixels(on: side)
            shown = true
        }
        return shown
    }

    /// A transition from `from` to `to` is about to start: their newest
    /// pixels are taken before its clock starts, as a window not drawn lately
    /// (the one switched to) would make the first frame pay for all of its
    /// pixels; `from` only where none runs, as a running one is retargeted
    /// from a snapshot. Where `over` opens or closes over the other side,
    /// that side is made as its frames draw it, and what they draw into is
    /// made now, with the window drawn there as its first frame will be (a
    /// refresh into the effect, played `direction`). The backend hears what
    /// its first frame will take: about what the last transition's did (the
    /// one it interrupts, where it interrupts one), not what the idle frames before did.
    func willPlay(from: ScreenSource, to: ScreenSource, over: Window?, settings: EffectSettings, direction: TransitionDirection) {
        if navigation.transition == nil { _ = texture(from, fresh: true, over: over) }
        _ = texture(to, fresh: true, over: over)
        if let over {
            let opening = if case .window(let window) = to, window === over { true } else { false }
            let desktop = if case .workspace = opening ? from : to { true } else { false }
            let (layers, area) = drawing(of: over, overDesktop: desktop, settings: settings)
            let first = FrameContent.windowOver(settings, window: layers, area: area, scene: backgroundTexture, opening: opening,
                                                progress: min(1, backend.refreshInterval / max(settings.duration, 1e-3)), direction: direction,
                                                form: painter.form(for: settings.effect, width: width, height: height))
            try? painter.readyDrawing(first, outputWidth: width, outputHeight: height)
        }
        let known = painter.knownFrameCost(of: settings.effect, width: width, height: height, scale: 1) ?? 0
        // One about to be interrupted has not ended yet: what its frames took so far is the latest.
        let latest = navigation.transition?.statistics.medianRenderTime ?? lastTransitionRender ?? 0
        backend.expectNextFrame(renderSeconds: max(known, latest))
        backend.scheduleFrame()
    }

    /// A transition completed, its frames' median render time `rendered`: the
    /// next frame shows what is shown. One `interrupted` leaves what its
    /// successor readied (it is not running yet when this one hands over).
    func transitionEnded(rendered: Double?, interrupted: Bool) {
        damage()
        if let rendered { lastTransitionRender = rendered }
        guard navigation.transition == nil, !interrupted else { return }
        painter.releaseReducedTargets()
        desktopCompositions = [:]
    }

    /// A transition's frame: between two screens, or, where a window smaller
    /// than the output opens or closes, that window over the other screen.
    func content(of transition: Transition<ScreenSource>, over: Animation<Window, ScreenSource>.Over?, from: Texture, to: Texture,
                 progress: Double, form: Renderer.EffectForm, scale: Double) -> FrameContent {
        if let over, case let window = over.window,
           case .window(let side) = over.opening ? transition.to : transition.from, side === window {
            let desktop = if case .workspace = over.opening ? transition.from : transition.to { true } else { false }
            let (layers, area) = drawing(of: window, overDesktop: desktop, settings: transition.settings)
            return .windowOver(transition.settings, window: layers, area: area, scene: over.opening ? from : to, opening: over.opening,
                               progress: progress, direction: transition.direction, form: form)
        }
        return .transition(transition.settings, from: from, to: to, progress: progress, direction: transition.direction,
                           form: form, scale: scale)
    }

    /// `window`'s layers as its effect over the other side draws them, and
    /// the part of the output it plays over. Over its desktop, where it is
    /// placed (gone, as it was there): it, a margin, and its source rectangle
    /// (a lamp's taskbar button). Over the background: gone, as it was; opening, as it is.
    private func drawing(of window: Window, overDesktop: Bool, settings: EffectSettings) -> (layers: [SurfaceLayer], area: PixelRect) {
        if overDesktop {
            let origin = delegate?.placedOrigin(of: window) ?? (x: 0, y: 0)
            let kept = window.isAlive ? nil : window.lastAlone
            let layers = kept.map { [$0] } ?? window.layers(x: origin.x, y: origin.y, scale: scale, textures: textures)
            let around = PixelRect.bounds(of: layers.map(\.rect)).map { margined($0, effect: settings.effect) }
            let source = settings.sourceRect(outputWidth: width, outputHeight: height)
            return (layers, PixelRect.bounds(of: [around, source].compactMap { $0 })?.clipped(to: fullRect) ?? fullRect)
        }
        // Gone, as it was: alone, or its last screen where it covered the output.
        let gone = window.isAlive ? nil : window.lastAlone ?? window.lastScreen.map { SurfaceLayer($0, at: fullRect) }
        let layers = gone.map { [$0] } ?? window.layers(on: windowScreen, textures: textures)
        let bounds = PixelRect.bounds(of: layers.map(\.rect)) ?? PixelRect(x: 0, y: 0, width: 0, height: 0)
        return (layers, margined(bounds, effect: settings.effect).clipped(to: fullRect) ?? bounds)
    }

    /// `bounds` and the margin an effect over the other side may draw into around a window.
    private func margined(_ bounds: PixelRect, effect: EffectDescriptor) -> PixelRect {
        OneWindowFrame.area(around: bounds, room: effect.room(windowHeight: bounds.height, outputHeight: height),
                            outputWidth: width, outputHeight: height)
    }

    /// `source`'s texture for a frame of a transition whose `over` window
    /// opens or closes over the other side: that window's side is drawn from
    /// its surfaces, so only its pixels are taken, and a desktop is drawn without it.
    private func texture(_ source: ScreenSource, fresh: Bool, over: Window?) -> Texture {
        guard let over else { return texture(source, fresh: fresh) }
        switch source {
        case .window(let window) where window === over:
            if textures.takePixels(of: window) { newPixels(of: window) }
            return backgroundTexture
        case .workspace(let number):
            return desktop(number, fresh: fresh, without: over)
        default:
            return texture(source, fresh: fresh)
        }
    }

    /// The size per side this frame of `effect` is drawn at: full size without
    /// adaptive quality, for an effect drawn as copies, and for `exact` frames.
    func scale(for effect: EffectDescriptor, form: Renderer.EffectForm, exact: Bool) -> Double {
        guard var resolution else { return 1 }
        if let transition = navigation.transition, transition.id != scaledTransition?.id {
            let timed = resolution.allowedSteps.compactMap { scale in
                painter.knownFrameCost(of: effect, width: width, height: height, scale: scale).map { (scale, $0) }
            }
            scaledTransition = (transition.id, Dictionary(uniqueKeysWithValues: timed))
            resolution.transitionStarted()
        }
        let copies = form == .layers && effect.layered?.drawsCopiesOnly == true
        resolution.refreshChanged(to: backend.refreshInterval)
        let prepared = scaledTransition?.prepared ?? [:]
        let scale = resolution.scale(for: effect.name, prepared: { prepared[$0] }, exact: exact || copies)
        self.resolution = resolution
        return scale
    }

    /// Draws `frame` of `transition` (over `over`'s window's other screen,
    /// where it opens or closes over one) into `buffer`.
    func draw(_ frame: TransitionFrame, of transition: Transition<ScreenSource>, over: Animation<Window, ScreenSource>.Over?,
              into buffer: FrameBuffer, startedAt start: UInt64) {
        let target = buffer.target
        let exact = frame.isFinal || frame.progress == 0
        // Such a frame shows one side alone (`from` at 0, the side it ends on last): only
        // that one takes its newest pixels, so a frame that must be exact pays one copy, not two.
        let from = texture(transition.from, fresh: exact && frame.progress < 1, over: over?.window)
        let to = texture(transition.to, fresh: exact && frame.progress > 0, over: over?.window)
        let fixed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        let effect = transition.settings.effect
        let form = painter.form(for: effect, width: width, height: height)
        var scale = scale(for: effect, form: form, exact: exact)
        // The first frame also pays for the transition's start (the windows' first use at this size).
        let typical = !exact && transition.statistics.frames > 0
        let content = content(of: transition, over: over, from: from, to: to, progress: frame.progress, form: form, scale: scale)
        // A window over the screen behind it is drawn at full size: its frames' costs are of that.
        if case .windowOver = content { scale = 1 }
        do {
            try painter.render(content, into: target)
        } catch {
            // A shader that fails here was checked when it was chosen; show the destination.
            try? painter.render(.screen(to, filling: target, background: background), into: target)
        }
        drawOverLayers(into: target)
        drew(.transition(transition, over: over, progress: frame.progress, form: form, scale: scale))
        lastDrawn = (transition, target, painter.submit(target, startedAt: start), scale, fixed, typical)
        // A window's back buffer holds nothing once swapped: read now, not at presentation.
        if target.texture == nil { recorder?.record(target, transition: transition) }
    }

    /// The transition frame drawn last was presented: what it cost is recorded, and it is recorded.
    func transitionFramePresented() {
        guard let (transition, target, fence, scale, fixed, typical) = lastDrawn else { return }
        let seconds = fence.renderSeconds()
        transition.recordRenderTime(seconds, scale: scale)
        if typical { resolution?.record(effect: transition.settings.effect.name, scale: scale, rendered: seconds, fixed: fixed) }
        // Read once shown, so the read waits for nothing (a window's was read before its swap).
        if target.texture != nil { recorder?.record(target, transition: transition) }
    }
}
