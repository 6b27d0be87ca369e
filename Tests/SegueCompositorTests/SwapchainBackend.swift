import CGLES
import CWaylandClient
import SegueBackend
import SegueEngine
import SegueImaging
import SegueLoop
@testable import SegueRender
@testable import SegueShell
import SegueWayland
import XCTest

/// A backend that hands out three buffers in turn, as a GPU's EGL window or a
/// DRM output's swapchain does: each holds the frame drawn three frames
/// before, and says so by its age. llvmpipe's Wayland EGL reports no age (every
/// back buffer is drawn whole), and the headless buffer is always the last
/// frame's, so only this draws into a buffer that holds an older frame. A
/// buffer handed out with an age gets a canary pixel in its bottom-right
/// corner first: whether it is still there says whether the frame was drawn whole.
final class SwapchainBackend: Backend {
    let refreshInterval = 1.0 / 60
    let outputName = "SWAPCHAIN-1"
    let outputDescription = "three buffers in turn"
    let width: Int
    let height: Int
    var drawFrame: ((Instant, FrameBuffer) -> OutputDamage?)?
    var events: ((BackendEvent) -> Void)?
    private let buffers: [RenderTarget]
    /// The frame each buffer was last drawn for, by number.
    private var drawnFor: [Int?]
    private var framesDrawn = 0
    private var next = 0
    private var wanted = false
    /// The buffer presented last.
    private(set) var shown: RenderTarget?
    /// Whether the last frame drawn left the canary it was given; nil when it was given none.
    private(set) var canaryKept: Bool?
    static let canary = RGBA(255, 0, 255)
    /// Whether a buffer that holds a frame is painted all over with the canary,
    /// not only its last pixel, before the next is drawn into it: what the frame
    /// leaves of it shows what it did not draw.
    var floods = false

    init(width: Int, height: Int) throws {
        self.width = width
        self.height = height
        buffers = try (0..<3).map { _ in try RenderTarget(width: width, height: height) }
        drawnFor = Array(repeating: nil, count: buffers.count)
    }

    func scheduleFrame() { wanted = true }
    func stop() {}

    /// Draws the frame wanted into the next buffer and presents it; false when none was wanted.
    func step() -> Bool {
        guard wanted else { return false }
        wanted = false
        let age = drawnFor[next].map { framesDrawn - $0 } ?? 0
        let buffer = buffers[next]
        if age > 0 { paintCanary(into: buffer) }
        if drawFrame?(MonotonicClock.now(), FrameBuffer(target: buffer, age: age)) != nil {
            canaryKept = age > 0 ? buffer.readPixels(opaque: true)[width - 1, height - 1] == Self.canary : nil
            drawnFor[next] = framesDrawn
            framesDrawn += 1
            shown = buffers[next]
            next = (next + 1) % buffers.count
        }
        events?(.framePresented(MonotonicClock.now(), sequence: UInt64(framesDrawn)))
        return true
    }

    private func paintCanary(into buffer: RenderTarget) {
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), buffer.framebuffer)
        glEnable(GLenum(GL_SCISSOR_TEST))
        if floods { glScissor(0, 0, GLsizei(width), GLsizei(height)) } else { glScissor(GLint(width - 1), GLint(height - 1), 1, 1) }
        glClearColor(1, 0, 1, 1)
        glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
        glDisable(GLenum(GL_SCISSOR_TEST))
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
    }
}
