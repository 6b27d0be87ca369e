import CGLES
import CSegue
import Foundation
import SegueEngine
import SegueRender

/// One side of a transition: the embedder's texture, which new content may
/// replace while it plays, or Segue's snapshot of a frame it drew.
enum PlayerScreen {
    case host(HostTexture)
    case snapshot(Texture)
}

/// An embedder's texture as `segue_texture` names it, checked.
final class HostTexture {
    var texture: segue_texture

    init(_ pointer: UnsafePointer<segue_texture>?, side: String) throws {
        guard let pointer else { throw LibraryError.invalid("the \(side) texture is null") }
        texture = try Self.checked(pointer.pointee, side: side)
    }

    /// `texture` if it names a 2D texture of a size Segue draws.
    static func checked(_ texture: segue_texture, side: String) throws -> segue_texture {
        var largest: GLint = 0
        glGetIntegerv(GLenum(GL_MAX_TEXTURE_SIZE), &largest)
        let limit = min(Int(largest), Texture.maxSize)
        guard (1...limit).contains(Int(texture.width)), (1...limit).contains(Int(texture.height)) else {
            throw LibraryError.invalid("the \(side) texture's size \(texture.width)x\(texture.height) is outside 1...\(limit)")
        }
        guard texture.id != 0, glIsTexture(texture.id) == GLboolean(GL_TRUE) else {
            throw LibraryError(SEGUE_ERROR_GL, "the \(side) texture \(texture.id) is not a texture of the current context")
        }
        // A texture made for another target (an external image's) cannot be bound as 2D.
        clearGLErrors()
        var bound: GLint = 0
        glGetIntegerv(GLenum(GL_TEXTURE_BINDING_2D), &bound)
        glBindTexture(GLenum(GL_TEXTURE_2D), texture.id)
        let error = glGetError()
        glBindTexture(GLenum(GL_TEXTURE_2D), GLuint(bound))
        guard error == GLenum(GL_NO_ERROR) else {
            throw LibraryError(SEGUE_ERROR_GL, "the \(side) texture \(texture.id) is not a GL_TEXTURE_2D texture")
        }
        return texture
    }

    /// The texture as the renderer samples it, for one frame.
    func borrowed() throws -> Texture {
        let texture = try Self.checked(texture, side: "window")
        return Texture(borrowing: texture.id, width: Int(texture.width), height: Int(texture.height),
                       opaque: texture.flags & UInt32(SEGUE_TEXTURE_OPAQUE) != 0)
    }
}

/// Takes the errors the embedder left pending, which are not Segue's (a few:
/// a lost context reports one for ever).
func clearGLErrors() {
    var taken = 0
    while taken < 16, glGetError() != GLenum(GL_NO_ERROR) { taken += 1 }
}

/// What a `segue_player` is: the transitions of one output, on the same
/// driver and renderer `segue` itself plays its transitions with. Frames are
/// drawn offscreen at the viewport's size, then copied into the embedder's
/// framebuffer; the last one is what an interrupting transition starts from.
final class LibraryPlayer {
    let context: LibraryContext
    private let driver = TransitionDriver<PlayerScreen>()
    private var target: RenderTarget?
    /// Frames drawn and not yet presented.
    private var unpresented = 0

    init(context: LibraryContext) { self.context = context }

    deinit { driver.current?.interrupt() }

    var isAnimating: Bool { driver.isAnimating }

    func start(_ choice: LibraryChoice, from: HostTexture, to: HostTexture, at time: Instant, interactive: Bool,
               done: segue_completion_fn?, userData: UnsafeMutableRawPointer?) throws -> UInt64 {
        let report = { (completion: TransitionCompletion) in
            guard let done else { return }
            let outcome: segue_outcome = switch completion.outcome {
            case .cancelled: SEGUE_OUTCOME_CANCELLED
            case .interrupted: SEGUE_OUTCOME_INTERRUPTED
            default: SEGUE_OUTCOME_FINISHED
            }
            let statistics = completion.statistics
            completion.effect.withCString { effect in
                var report = segue_completion(id: completion.id, outcome: outcome, effect: effect,
                                              frames: UInt32(clamping: statistics.frames),
                                              missed_refreshes: UInt32(clamping: statistics.missedRefreshes),
                                              presented_seconds: statistics.presentedSpan,
                                              median_render_seconds: statistics.medianRenderTime ?? 0)
                done(userData, &report)
            }
        }
        guard let settings = choice.settings else {
            // An instant change: nothing to draw; the running transition gives way and this one is done.
            driver.current?.interrupt()
            var report = segue_completion(id: 0, outcome: SEGUE_OUTCOME_FINISHED, effect: nil, frames: 0, missed_refreshes: 0,
                                          presented_seconds: 0, median_render_seconds: 0)
            done?(userData, &report)
            return 0
        }
        for spec in settings.effect.parameters where spec.type == .image {
            guard let path = settings.values[spec.uniform]?.path, !path.isEmpty else { continue }
            guard FileManager.default.isReadableFile(atPath: path) else {
                throw LibraryError(SEGUE_ERROR_IO, "image parameter '\(spec.name)': \(path) cannot be read")
            }
        }
        let saved = HostGLState(sampling: [])
        defer { saved.restore() }
        HostGLState.prepareForSegue()
        do {
            try context.renderer.prepare(settings.effect)
        } catch {
            throw LibraryError(SEGUE_ERROR_SHADER, "\(error)")
        }
        let hand = interactive ? InteractiveProgress(at: time) : nil
        let started = driver.start(from: .host(from), to: .host(to), settings: settings, direction: choice.direction, at: time,
                                   interactive: hand, snapshot: { snapshot() ?? .host(from) }, onComplete: report)
        unpresented = 0
        return started.id
    }

    /// What the screen shows now, for a transition that interrupts the
    /// running one: the frame drawn last, or the running one's origin before any.
    private func snapshot() -> PlayerScreen? {
        if let target, let texture = try? context.renderer.snapshot(of: target) { return .snapshot(texture) }
        return driver.current?.from
    }

    func setTextures(from: UnsafePointer<segue_texture>?, to: UnsafePointer<segue_texture>?) throws {
        guard let running = driver.current, !running.isDone else { throw LibraryError.state("nothing is playing") }
        for (pointer, screen, side) in [(from, running.from, TransitionSide.from), (to, running.to, .to)] {
            guard let pointer else { continue }
            guard case .host(let host) = screen else { continue }
            host.texture = try HostTexture.checked(pointer.pointee, side: side == .from ? "from" : "to")
            running.recordNewPixels(on: side)
        }
    }

    func draw(at predicted: Instant, framebuffer: GLuint, x: Int32, y: Int32, width: Int32, height: Int32, flipped: Bool) throws {
        guard (1...Int32(Texture.maxSize)).contains(width), (1...Int32(Texture.maxSize)).contains(height) else {
            throw LibraryError.invalid("a viewport of \(width)x\(height) is outside 1...\(Texture.maxSize)")
        }
        guard let (transition, frame) = driver.frame(at: predicted) else { throw LibraryError.state("nothing is playing") }
        var hosts: [HostTexture] = []
        for case .host(let host) in [transition.from, transition.to] { hosts.append(host) }
        clearGLErrors()
        let saved = HostGLState(sampling: hosts.map(\.texture.id))
        defer { saved.restore() }
        glBindFramebuffer(GLenum(GL_DRAW_FRAMEBUFFER), framebuffer)
        guard glCheckFramebufferStatus(GLenum(GL_DRAW_FRAMEBUFFER)) == GLenum(GL_FRAMEBUFFER_COMPLETE) else {
            throw LibraryError(SEGUE_ERROR_GL, "framebuffer \(framebuffer) is not complete")
        }
        HostGLState.prepareForSegue()
        if target?.width != Int(width) || target?.height != Int(height) {
            target = nil
            do {
                target = try RenderTarget(width: Int(width), height: Int(height))
            } catch {
                throw LibraryError(SEGUE_ERROR_GL, "\(error)")
            }
        }
        guard let target else { return }
        func texture(_ screen: PlayerScreen) throws -> Texture {
            switch screen {
            case .host(let host): try host.borrowed()
            case .snapshot(let texture): texture
            }
        }
        let from = try texture(transition.from), to = try texture(transition.to)
        let renderer = context.renderer
        let form = renderer.form(for: transition.settings.effect, width: target.width, height: target.height)
        do {
            try renderer.draw(transition.settings, from: from, to: to, progress: frame.progress,
                              direction: transition.direction, form: form, into: target)
        } catch {
            throw LibraryError(SEGUE_ERROR_SHADER, "\(error)")
        }
        // Rows top first into a framebuffer whose y = 0 is its top; flipped where it is the bottom.
        renderer.blit(target, toFramebuffer: framebuffer, x: Int(x), y: Int(y), flipped: flipped)
        let error = glGetError()
        guard error == GLenum(GL_NO_ERROR) else {
            throw LibraryError(SEGUE_ERROR_GL, "copying the frame into framebuffer \(framebuffer) failed (GL error 0x\(String(error, radix: 16)))")
        }
        unpresented += 1
    }

    func presented(at time: Instant, refreshInterval: Double) throws {
        guard unpresented > 0 else { throw LibraryError.state("no frame was drawn since the last one presented") }
        unpresented -= 1
        driver.presented(at: time, refreshInterval: refreshInterval)
    }

    func cancel() throws {
        guard driver.isAnimating else { throw LibraryError.state("nothing is playing") }
        driver.cancel()
    }

    /// The hand of the running interactive transition, while it holds it.
    func hand() throws -> InteractiveProgress {
        guard let hand = driver.current?.interactive, driver.isAnimating, hand.isTracking else {
            throw LibraryError.state("no interactive transition is held: start one with segue_player_start_interactive")
        }
        return hand
    }
}
