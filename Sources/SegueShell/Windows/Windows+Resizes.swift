import SegueEngine
import SegueIPC
import SegueRender

/// A window whose rectangle changes moves and scales from the old one to the
/// new (`[transitions.resize]`): maximize, unmaximize and fullscreen in free
/// placement, fullscreen on and off in the stack, and a client resizing
/// itself in free placement. Asked for new states, a window is drawn as it
/// was until its client draws for them (or the wait runs out: then it jumps),
/// so the motion starts from the new buffer and never stretches a stale one.
extension Windows {
    /// `window` was configured with other states: drawn as it was meanwhile,
    /// and pictured as it looks now, to fade out as it moves.
    func restated(_ window: Window) {
        // Asked back to the states it is drawn in before its client drew the others: drawn so already.
        guard wanted(by: window) != window.drawnState else { return settleRestate(of: window, .atOnce) }
        let wait = compositor.config.resize.wait
        guard wait > 0, output.visibleWindows().contains(where: { $0 === window }) else { return catchUp(window) }
        if animates { window.pictureBeforeRestate = picture(of: window) }
        window.stateWait?.remove()
        window.stateWait = compositor.server.eventLoop.timer { [weak self, weak window] in
            guard let self, let window, window.isAlive, wanted(by: window) != window.drawnState else { return }
            catchUp(window)
        }
        window.stateWait?.arm(milliseconds: Int32(max(1, (wait * 1000).rounded())))
    }

    /// `window`'s surface committed, before its origin follows: once every
    /// configure is acknowledged, this buffer was drawn for the newest states.
    func takeNewStates(of window: Window) {
        guard window.toplevel.shellSurface?.awaitsAck != true, wanted(by: window) != window.drawnState else { return }
        window.drawnState = wanted(by: window)
        endStateWait(of: window)
    }

    /// After `window`'s surface committed and its origin followed: where its
    /// rectangle changed, it moves from the old one, its old picture (as it
    /// looked when restated, else `previous`, its texture before the commit)
    /// fading out over the new.
    func resizeCommitted(_ window: Window, previous: Texture?, states before: (fullscreen: Bool, maximized: Bool)) {
        let rect = rect(of: window)
        let restated = before != window.drawnState
        let pictured = restated ? window.pictureBeforeRestate : nil
        if restated { window.pictureBeforeRestate = nil }
        // Interrupting one, it moves on from where that one draws it.
        let running = layerSurfaces.motions.resizes.animation(of: window)
        let old = running.flatMap { resize in window.lastRect.map { resize.motion.rect(to: $0, progress: resize.shown) } }
            ?? pictured?.rect ?? window.lastRect
        window.lastRect = rect
        // A client's own resize is a buffer of another size (not a subsurface coming or going).
        let redrawnAtAnotherSize = previous.flatMap { before in
            compositor.textures[window.surface].map { (before.width, before.height) != ($0.width, $0.height) }
        } ?? false
        guard let old, old != rect, restated || redrawnAtAnotherSize,
              compositor.options.placement.keepsPositions || before.fullscreen != window.drawnState.fullscreen else {
            if restated { settleRestate(of: window, .atOnce) }
            return
        }
        guard animates, output.visibleWindows().contains(where: { $0 === window }),
              let picture = pictured?.texture ?? previous.flatMap(ownCopy) else {
            stopResize(of: window)
            if restated { settleRestate(of: window, .atOnce) }
            return
        }
        let settings = compositor.config.resize
        let motion = WindowResize(kind: WindowResize.Kind(before: before, after: window.drawnState), from: old)
        if let replaced = layerSurfaces.motions.resizes.start(window, motion: motion, coming: true, duration: settings.duration,
                                                              curve: settings.curve, picture: picture, from: 0) {
            report(replaced)
        }
        // Who waited for these states now waits for this resize to end.
        if restated {
            window.resizeWaiters += window.restateWaiters
            window.restateWaiters = []
        }
        output.layersChanged()
    }

    /// Whether resizes play: an effect, a duration and motion not reduced.
    private var animates: Bool {
        let settings = compositor.config.resize
        return settings.animates && settings.duration > 0 && !compositor.config.reduceMotion
    }

    /// `window` was put somewhere at once (an embedder's placement): a later resize moves from there.
    func placedAtOnce(_ window: Window) {
        stopResize(of: window)
        window.lastRect = rect(of: window)
    }

    /// The wait for a buffer drawn for new states ran out: `window` is drawn in them as it is.
    private func catchUp(_ window: Window) {
        window.drawnState = wanted(by: window)
        endStateWait(of: window)
        window.pictureBeforeRestate = nil
        _ = updateOrigin(of: window)
        placedAtOnce(window)
        compositor.input.pointerLayoutChanged()
        output.layersChanged()
        output.damage()
        settleRestate(of: window, .atOnce)
    }

    func endStateWait(of window: Window) {
        window.stateWait?.remove()
        window.stateWait = nil
    }

    /// `window` went, or is no longer on screen: its resize ends as interrupted.
    func stopResize(of window: Window) {
        if let stopped = layerSurfaces.motions.resizes.stop(window) { report(stopped) }
    }

    /// A frame was presented: the resizes it showed at their end are done.
    func resizesPresented() {
        let ended = output.endedResizes
        output.endedResizes = []
        for end in ended { report(end) }
    }

    /// A resize ended: the log and `msg events` hear it, once.
    private func report(_ end: ResizeAnimations.Completed) {
        let outcome = end.interrupted ? "interrupted" : "completed"
        let span = String(format: "%.3f", end.span)
        end.surface.resizeShading = nil
        let effect = compositor.config.resize.shader ?? "crossfade"
        compositor.log.info("window \(end.surface.id) \(end.motion.kind.rawValue) with \(effect) \(outcome): \(end.frames) frames over \(span) s, missed refreshes \(end.missedRefreshes)")
        compositor.control.emit("resize_finished", Self.json(end))
        settleResize(of: end.surface, .played(end))
    }

    /// A resize's end as `resize_finished` and `msg maximize --wait` say it.
    static func json(_ end: ResizeAnimations.Completed) -> [String: JSONValue] {
        ["window": .number(Double(end.surface.id)), "kind": .string(end.motion.kind.rawValue),
         "outcome": .string(end.interrupted ? "interrupted" : "completed"),
         "duration_ms": .number((end.duration * 1000).rounded()), "frames": .number(Double(end.frames)),
         "missed_refreshes": .number(Double(end.missedRefreshes)), "presented_ms": .number((end.span * 1000 * 10).rounded() / 10)]
    }

    func wanted(by window: Window) -> (fullscreen: Bool, maximized: Bool) {
        (window.toplevel.wantsFullscreen, window.toplevel.wantsMaximized)
    }

    /// What `window`'s own surfaces cover on the output now, in output pixels.
    func rect(of window: Window) -> PixelRect {
        let origin = pixelOrigin(of: window)
        return window.bounds(x: origin.x, y: origin.y, scale: output.scale)
    }

    /// `window`'s own surfaces as they look now, alone, and where they lie: nil where GL has no room.
    private func picture(of window: Window) -> (texture: Texture, rect: PixelRect)? {
        let rect = rect(of: window), origin = pixelOrigin(of: window), scale = output.scale
        // Relative to the rectangle's top left, which a title bar above the surface moves up and left of it.
        let (dx, dy) = ((origin.x - rect.x) / scale, (origin.y - rect.y) / scale)
        var placed: [PlacedSurface] = []
        window.surface.place(x: dx, y: dy, into: &placed)
        guard let texture = output.picture(of: placed, surface: window.surface, at: rect, on: .top)?.target.texture else { return nil }
        return (texture, rect)
    }

    /// `texture` where it is the compositor's own; a client's dmabuf, which
    /// goes back to its client, copied first.
    private func ownCopy(of texture: Texture) -> Texture? {
        guard texture.isClientMemory else { return texture }
        let painter = compositor.renderer
        guard let copy = try? painter.target(width: texture.width, height: texture.height),
              (try? painter.render(.screen(texture, filling: copy, background: output.background), into: copy)) != nil else { return nil }
        return copy.texture
    }
}
