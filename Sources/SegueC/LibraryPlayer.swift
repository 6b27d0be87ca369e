import CGLES
import CSegue
import Foundation
import SegueEngine
import SegueImaging
import SegueRender

/// What a `segue_player` is: the transitions of one output, on the same
/// driver and renderer `segue` itself plays its transitions with. Frames are
/// drawn offscreen at the viewport's size, then copied into the embedder's
/// framebuffer; the last one is what an interrupting transition starts from.
/// Completions wait until the call that caused them has put the embedder's
/// GL state back, and go out in order; a callback may call the player again.
final class LibraryPlayer {
    let context: LibraryContext
    private let driver = TransitionDriver<PlayerScreen>()
    private var target: RenderTarget?
    /// Whether `target` holds a frame of the running transition.
    private var targetIsCurrent = false
    /// Where the window is in `target`, for a frame drawn over (its margin around it).
    private var targetWindow: PixelRect?
    /// Where `target` was drawn in the framebuffer, for a window (see `WindowArea.drawn`).
    private var targetDrawn: PixelRect?
    /// Each side placed in a window's drawing (see `Renderer.placed`).
    private var placedSides: [RenderTarget?] = [nil, nil]
    /// The transitions of the frames drawn and not yet presented, oldest first.
    private var unpresented: [UInt64] = []
    /// The running transition's last frame was drawn: nothing more to draw.
    private var finalDrawn = false
    /// A hand moved, or content came, since the last frame drawn.
    private var changedSinceDrawn = true
    /// The newest presentation time: times go forward.
    private var lastPresented: Instant?
    private var completions: [(done: segue_completion_fn, userData: UnsafeMutableRawPointer?, completion: Completion)] = []
    private var delivering = false
    /// Being freed: its last completions go out, and calls on it are refused.
    private(set) var closing = false

    /// A completion as the callback gets it.
    struct Completion {
        var id: UInt64
        var outcome: segue_outcome
        var effect: String?
        var frames = 0, missedRefreshes = 0
        var presentedSeconds = 0.0, medianRenderSeconds = 0.0
    }

    init(context: LibraryContext) { self.context = context }

    var isAnimating: Bool { driver.isAnimating }

    /// Whether a frame drawn now would differ from the last: a transition
    /// plays, its last frame is not drawn yet, and no hand holds it still
    /// with nothing new since the frame before.
    var needsFrame: Bool {
        guard driver.isAnimating, !finalDrawn else { return false }
        guard let hand = driver.current?.interactive, hand.isTracking else { return true }
        return changedSinceDrawn
    }

    /// Completes what runs as interrupted and sends the last completions, before the player goes.
    func close() {
        closing = true
        driver.current?.interrupt()
        // Even from inside a callback: nothing may go out after the player is freed.
        delivering = false
        deliverCompletions()
    }

    func start(_ choice: LibraryChoice, from: HostTexture?, to: HostTexture?, at time: Instant, interactive: Bool,
               done: segue_completion_fn?, userData: UnsafeMutableRawPointer?) throws -> UInt64 {
        let report = { [unowned self] (completion: TransitionCompletion) in
            guard let done else { return }
            let outcome: segue_outcome = switch completion.outcome {
            case .cancelled: SEGUE_OUTCOME_CANCELLED
            case .interrupted: SEGUE_OUTCOME_INTERRUPTED
            default: SEGUE_OUTCOME_FINISHED
            }
            let statistics = completion.statistics
            completions.append((done, userData, Completion(id: completion.id, outcome: outcome, effect: completion.effect,
                                                           frames: statistics.frames, missedRefreshes: statistics.missedRefreshes,
                                                           presentedSeconds: statistics.presentedSpan,
                                                           medianRenderSeconds: statistics.medianRenderTime ?? 0)))
        }
        guard var settings = choice.settings else {
            // An instant change: nothing to draw; the running transition gives way and this one is done.
            driver.current?.interrupt()
            if let done { completions.append((done, userData, Completion(id: 0, outcome: SEGUE_OUTCOME_FINISHED))) }
            return 0
        }
        // New at each play, as in the compositor: niri's seed, Burn-My-Windows' seeded uniforms.
        settings.seed = .random(in: 0..<1)
        for spec in settings.effect.parameters where spec.type == .image {
            guard let path = settings.values[spec.uniform]?.path, !path.isEmpty else { continue }
            do {
                _ = try PNG.read(path: path)
            } catch {
                throw LibraryError(SEGUE_ERROR_IO, "image parameter '\(spec.name)': \(error)")
            }
        }
        return try HostGLState.around {
            do {
                try context.renderer.prepare(settings.effect)
            } catch {
                throw LibraryError(SEGUE_ERROR_SHADER, "\(error)")
            }
            let hand = interactive ? InteractiveProgress(at: time) : nil
            let origin: PlayerScreen = from.map { .host($0) } ?? .nothing
            let started = driver.start(from: origin, to: to.map { .host($0) } ?? .nothing, settings: settings,
                                       direction: choice.direction, at: time, interactive: hand,
                                       snapshot: { snapshot() ?? origin }, onComplete: report)
            targetIsCurrent = false
            changedSinceDrawn = true
            finalDrawn = false
            return started.id
        }
    }

    /// What the screen shows now, for a transition that interrupts the
    /// running one: the frame drawn last (for a window, all of it, margin
    /// included, for the next to place where it was), or the running one's
    /// origin before any.
    private func snapshot() -> PlayerScreen? {
        let renderer = context.renderer
        if targetIsCurrent, let target, let texture = try? renderer.snapshot(of: target, cropping: targetWindow) {
            // Drawn over, what shows nothing in it is transparent.
            if targetWindow != nil { texture.holdsAlpha() }
            let whole = targetDrawn.flatMap { drawn in
                (try? renderer.snapshot(of: target, cropping: nil)).map { WholeFrame(texture: $0, drawn: drawn) }
            }
            whole?.texture.holdsAlpha()
            return .snapshot(texture, whole: whole)
        }
        return driver.current?.from
    }

    /// A side drawn for a window at `area`: placed in the `drawing`, a window
    /// at its rectangle, a snapshot where its frame was (a column that fell
    /// into the margin stays there); nothing, or a snapshot that fills it, as
    /// it is. A window is placed even where it fills the drawing: as a copy
    /// whose alpha is 1, which layers copy in turn.
    private func placed(_ screen: PlayerScreen, _ texture: Texture, in area: WindowArea, drawing: RenderTarget, slot: Int) throws -> Texture {
        let (shown, at): (Texture, PixelRect)
        switch screen {
        case .nothing: return texture
        case .snapshot(_, let whole?):
            let drawn = whole.drawn
            (shown, at) = (whole.texture, PixelRect(x: drawn.x - area.drawn.x, y: drawn.y - area.drawn.y, width: drawn.width, height: drawn.height))
            if at == drawing.bounds { return shown }
        case .host, .snapshot(_, nil): (shown, at) = (texture, area.window)
        }
        return try context.renderer.placed(shown, at: at, width: drawing.width, height: drawing.height, in: &placedSides[slot])
    }

    /// New content for the running transition's windows; a side that shows
    /// a snapshot (the transition interrupted another) keeps it.
    func setTextures(from: UnsafePointer<segue_texture>?, to: UnsafePointer<segue_texture>?) throws {
        guard let running = driver.current, !running.isDone else { throw LibraryError.state("nothing is playing") }
        let sides = [(from, running.from, TransitionSide.from, "from"), (to, running.to, .to, "to")]
        // All checked before any is taken.
        let checked = try sides.map { pointer, _, _, name in try pointer.map { try HostTexture.checked($0.pointee, side: name) } }
        for ((_, screen, side, _), texture) in zip(sides, checked) {
            guard let texture, case .host(let host) = screen else { continue }
            host.texture = texture
            running.recordNewPixels(on: side)
            changedSinceDrawn = true
        }
    }

    func draw(at predicted: Instant, framebuffer: GLuint, x: Int32, y: Int32, width: Int32, height: Int32, flipped: Bool) throws {
        let limit = Texture.maxSize
        guard (1...limit).contains(Int(width)), (1...limit).contains(Int(height)) else {
            throw LibraryError.invalid("a viewport of \(width)x\(height) is outside 1...\(limit)")
        }
        guard Int(x) + Int(width) <= Int(Int32.max), Int(y) + Int(height) <= Int(Int32.max) else {
            throw LibraryError.invalid("a viewport at \(x), \(y) of \(width)x\(height) goes past GL's coordinates")
        }
        try draw(at: predicted, framebuffer: framebuffer, viewport: PixelRect(x: Int(x), y: Int(y), width: Int(width), height: Int(height)),
                 window: nil, flipped: flipped)
    }

    /// A frame for a window at `area`, laid over what the framebuffer holds.
    func draw(at predicted: Instant, framebuffer: GLuint, window area: WindowArea, flipped: Bool) throws {
        try draw(at: predicted, framebuffer: framebuffer, viewport: area.drawn, window: area, flipped: flipped)
    }

    /// Draws the frame offscreen at `viewport`'s size, then copies it into the
    /// framebuffer there, or lays it over what the framebuffer holds where a
    /// side is nothing or a window `area` is given (the screens filling its
    /// window's rectangle of the drawing, the rest its margin).
    private func draw(at predicted: Instant, framebuffer: GLuint, viewport: PixelRect, window area: WindowArea?,
                      flipped: Bool) throws {
        guard let running = driver.current, !running.isDone else { throw LibraryError.state("nothing is playing") }
        // Everything is checked before the frame is taken, so a refused draw leaves no frame to present.
        clearGLErrors()
        guard framebuffer == 0 || glIsFramebuffer(framebuffer) == GLboolean(GL_TRUE) else {
            throw LibraryError(SEGUE_ERROR_GL, "framebuffer \(framebuffer) is not a framebuffer of the current context")
        }
        var hosts: [HostTexture] = []
        var over = area != nil
        for (screen, side) in [(running.from, "from"), (running.to, "to")] {
            switch screen {
            case .host(let host):
                host.texture = try HostTexture.checked(host.texture, side: side)
                hosts.append(host)
            case .nothing: over = true
            // A snapshot of a frame drawn over keeps its alpha: it is laid over too.
            case .snapshot(let texture, _): over = over || !texture.isOpaque
            }
        }
        try HostGLState.around(sampling: hosts.map(\.texture.id)) {
            glBindFramebuffer(GLenum(GL_DRAW_FRAMEBUFFER), framebuffer)
            guard glCheckFramebufferStatus(GLenum(GL_DRAW_FRAMEBUFFER)) == GLenum(GL_FRAMEBUFFER_COMPLETE) else {
                throw LibraryError(SEGUE_ERROR_GL, "framebuffer \(framebuffer) is not complete")
            }
            var samples: GLint = 0
            glGetIntegerv(GLenum(GL_SAMPLE_BUFFERS), &samples)
            guard samples == 0 else {
                throw LibraryError(SEGUE_ERROR_GL, "framebuffer \(framebuffer) is multisampled: a frame is copied in, which GL allows only into one that is not")
            }
            let window = over ? area?.window ?? PixelRect(x: 0, y: 0, width: viewport.width, height: viewport.height) : nil
            if target?.width != viewport.width || target?.height != viewport.height || targetWindow != window {
                target = nil
                targetIsCurrent = false
                do {
                    target = try RenderTarget(width: viewport.width, height: viewport.height)
                } catch {
                    throw LibraryError(SEGUE_ERROR_GL, "\(error)")
                }
                targetWindow = window
            }
            guard let target, let (transition, frame) = driver.frame(at: predicted) else { return }
            let renderer = context.renderer
            func texture(_ screen: PlayerScreen) throws -> Texture {
                switch screen {
                case .host(let host): host.borrowed
                case .snapshot(let texture, _): texture
                case .nothing: try renderer.nothing
                }
            }
            // Each side fills the drawing, as layers take them: for a window, placed in it.
            var sides: [Texture] = []
            do {
                sides = [try texture(transition.from), try texture(transition.to)]
                if let area {
                    for (slot, screen) in [transition.from, transition.to].enumerated() {
                        sides[slot] = try placed(screen, sides[slot], in: area, drawing: target, slot: slot)
                    }
                }
            } catch {
                transition.frameNotShown()
                throw LibraryError(SEGUE_ERROR_GL, "\(error)")
            }
            // Until this frame is whole, the target holds none to start an interrupting transition from.
            targetIsCurrent = false
            do {
                if window != nil {
                    // A source rectangle is the output's: the drawing is a part of it.
                    let settings = area.map {
                        transition.settings.sourceRect(within: $0.drawn, outputWidth: $0.framebufferWidth, outputHeight: $0.framebufferHeight)
                    } ?? transition.settings
                    // The form that is faster on the whole framebuffer: a window is a part of it.
                    let form = renderer.form(for: settings.effect, width: area?.framebufferWidth ?? target.width,
                                             height: area?.framebufferHeight ?? target.height)
                    // A one-window shader draws the window coming (to it) or going, within its geometry in the drawing.
                    let opening = if case .nothing = transition.to { false } else { true }
                    let alone = area.map { area in
                        let (w, h) = (Double(target.width), Double(target.height)), inside = area.window
                        let framebuffer = PixelRect(x: 0, y: 0, width: area.framebufferWidth, height: area.framebufferHeight)
                        return OneWindowFrame(geometry: LayerRect(x: Double(inside.x) / w, y: Double(inside.y) / h,
                                                                  width: Double(inside.width) / w, height: Double(inside.height) / h),
                                              opening: opening, fillsOutput: area.rect.clipped(to: framebuffer) == framebuffer,
                                              room: settings.effect.room(windowHeight: area.rect.height, outputHeight: area.framebufferHeight))
                    }
                    let played = settings.effect.source.interface.direction(opening: opening) ?? transition.direction
                    try renderer.draw(settings, from: sides[0], to: sides[1], progress: frame.progress, direction: played,
                                      form: form, window: target.bounds, oneWindow: alone, into: target)
                } else {
                    let form = renderer.form(for: transition.settings.effect, width: target.width, height: target.height)
                    try renderer.render(.transition(transition.settings, from: sides[0], to: sides[1],
                                                    progress: frame.progress, direction: transition.direction, form: form, scale: 1),
                                        into: target)
                }
            } catch {
                transition.frameNotShown()
                throw LibraryError(SEGUE_ERROR_SHADER, "\(error)")
            }
            targetIsCurrent = true
            targetDrawn = area?.drawn
            if window != nil {
                let host = RenderTarget(windowOfWidth: area?.framebufferWidth ?? viewport.x + viewport.width,
                                        height: area?.framebufferHeight ?? viewport.y + viewport.height, framebuffer: framebuffer)
                // A window's rectangle is from the top; a framebuffer whose y = 0 is its bottom numbers rows from there.
                let laid = flipped && area != nil
                    ? PixelRect(x: viewport.x, y: host.height - viewport.y - viewport.height, width: viewport.width, height: viewport.height)
                    : viewport
                try renderer.lay(target, over: host, at: laid, flipped: flipped)
            } else {
                // Rows top first into a framebuffer whose y = 0 is its top; flipped where it is the bottom.
                renderer.blit(target, toFramebuffer: framebuffer, x: viewport.x, y: viewport.y, flipped: flipped)
            }
            let error = glGetError()
            guard error == GLenum(GL_NO_ERROR) else {
                transition.frameNotShown()
                throw LibraryError(SEGUE_ERROR_GL, "drawing the frame into framebuffer \(framebuffer) failed (GL error 0x\(String(error, radix: 16)))")
            }
            changedSinceDrawn = false
            finalDrawn = frame.isFinal
            // The sides' copies are drawn from no more.
            if finalDrawn { placedSides = [nil, nil] }
            unpresented.append(transition.id)
        }
    }

    func presented(at time: Instant, refreshInterval: Double) throws {
        guard let drawnFor = unpresented.first else { throw LibraryError.state("no frame was drawn since the last one presented") }
        if let lastPresented, time < lastPresented {
            throw LibraryError.invalid("presented at \(time.nanoseconds) ns, before the frame presented at \(lastPresented.nanoseconds) ns")
        }
        unpresented.removeFirst()
        lastPresented = time
        // A frame of a transition that has since ended tells the running one nothing.
        guard drawnFor == driver.current?.id else { return }
        driver.presented(at: time, refreshInterval: refreshInterval).deliver()
    }

    func cancel() throws {
        guard driver.isAnimating else { throw LibraryError.state("nothing is playing") }
        driver.cancel()
    }

    /// The hand moved the running interactive transition to `progress`.
    func drive(to progress: Double, at time: Instant) throws {
        try hand().update(progress, at: time)
        changedSinceDrawn = true
    }

    /// The hand let go: the transition settles toward `forced`, or where the hand was going.
    func release(at time: Instant, velocity: Double?, toward forced: InteractiveProgress.Outcome?) throws {
        _ = try hand().end(at: time, velocity: velocity, toward: forced)
        changedSinceDrawn = true
    }

    /// The hand of the running interactive transition, while it holds it.
    private func hand() throws -> InteractiveProgress {
        guard let hand = driver.current?.interactive, driver.isAnimating, hand.isTracking else {
            throw LibraryError.state("no interactive transition is held: start one with segue_player_start_interactive")
        }
        return hand
    }

    /// Calls the callbacks of the transitions that completed, oldest first;
    /// one a callback causes goes out after it, from the same loop.
    func deliverCompletions() {
        guard !delivering else { return }
        delivering = true
        defer { delivering = false }
        while !completions.isEmpty {
            let (done, userData, completion) = completions.removeFirst()
            let send = { (effect: UnsafePointer<CChar>?) in
                var report = segue_completion(id: completion.id, outcome: completion.outcome, effect: effect,
                                              frames: UInt32(clamping: completion.frames),
                                              missed_refreshes: UInt32(clamping: completion.missedRefreshes),
                                              presented_seconds: completion.presentedSeconds,
                                              median_render_seconds: completion.medianRenderSeconds)
                done(userData, &report)
            }
            if let effect = completion.effect { effect.withCString(send) } else { send(nil) }
        }
    }
}
