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
private final class SwapchainBackend: Backend {
    let refreshInterval = 1.0 / 60
    let outputName = "SWAPCHAIN-1"
    let outputDescription = "three buffers in turn"
    let width: Int
    let height: Int
    var drawFrame: ((Instant, FrameBuffer) -> Bool)?
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
        if drawFrame?(MonotonicClock.now(), FrameBuffer(target: buffer, age: age)) == true {
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
        glScissor(GLint(width - 1), GLint(height - 1), 1, 1)
        glClearColor(1, 0, 1, 1)
        glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
        glDisable(GLenum(GL_SCISSOR_TEST))
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
    }
}

final class BufferAgeTests: XCTestCase {
    private var compositor: Compositor!
    private var backend: SwapchainBackend!
    private let blue = RGBA(0, 0, 200), orange = RGBA(230, 90, 10), ink = RGBA(255, 255, 255)

    override func setUpWithError() throws {
        var options = CompositorOptions()
        options.embedded = true
        options.placement = .stacked
        (compositor, backend) = try embeddedCompositor(options: options, size: (64, 36)) { _, width, height, _ in
            try SwapchainBackend(width: width, height: height)
        }
    }

    override func tearDown() {
        compositor?.shutDown()
        compositor = nil
    }

    private func connect() throws -> RawClient {
        let (fd, _) = try XCTUnwrap(compositor.connectClient())
        return try RawClient(fd: fd) { [unowned self] in compositor.dispatch() }
    }

    /// Every frame wanted, drawn and presented.
    private func stepUntilIdle() {
        repeat { compositor.dispatch() } while backend.step()
    }

    private var shown: RGBAImage? { backend.shown?.readPixels(opaque: true) }

    /// `image` as the buffer shown should hold it: with the canary where the frame left it.
    private func expected(_ image: RGBAImage) -> RGBAImage {
        var expected = image
        if backend.canaryKept == true { expected[63, 35] = SwapchainBackend.canary }
        return expected
    }

    /// A window filling the output that changes a small patch a frame: each
    /// buffer, whatever older frame it held, shows the whole window as it is,
    /// redrawn only where it lacks it, though only the patch is said to have
    /// changed; a frame with nothing to draw leaves every buffer as it was.
    func testEveryBufferShowsTheWholeScreenThoughOnlyWhatChangedIsDamaged() throws {
        let client = try connect()
        // Orange first, to switch to and back from; the window shown opens last.
        let other = try client.makeConfiguredToplevel()
        try client.show(RGBAImage(width: 64, height: 36, fill: orange), on: other.surface)
        XCTAssertTrue(client.roundtrip())
        stepUntilIdle()
        let toplevel = try client.makeConfiguredToplevel()
        var image = RGBAImage(width: 64, height: 36, fill: blue)
        image.fill(ink, x: 0, y: 0, width: 8, height: 6)
        try client.show(image, on: toplevel.surface)
        XCTAssertTrue(client.roundtrip())
        stepUntilIdle()
        XCTAssertEqual(shown, image)

        for round in 0..<2 {
            for patch in 0..<7 {
                let rect = PixelRect(x: 2 + 8 * patch, y: 8 + 3 * patch, width: 5, height: 4)
                image.fill(RGBA(UInt8(30 * patch), UInt8(200 - 20 * patch), UInt8(100 + 20 * round)),
                           x: rect.x, y: rect.y, width: rect.width, height: rect.height)
                try client.show(image, on: toplevel.surface, damage: rect)
                XCTAssertTrue(client.roundtrip())
                stepUntilIdle()
                XCTAssertEqual(shown, expected(image), "round \(round), patch \(patch)")
                XCTAssertEqual(compositor.output.lastDamage, .within(rect), "round \(round), patch \(patch)")
                // Once every buffer has held a frame of this screen, none is drawn whole.
                if patch >= 3 { XCTAssertEqual(backend.canaryKept, true, "round \(round), patch \(patch) was drawn whole") }
                // A commit of nothing new: a frame callback, and no frame.
                let drawn = compositor.output.framesDrawn
                let called = client.frameCallback(on: toplevel.surface)
                wl_surface_commit(toplevel.surface)
                XCTAssertTrue(client.roundtrip())
                stepUntilIdle()
                XCTAssertTrue(client.dispatch(until: { called.value }))
                XCTAssertEqual(compositor.output.framesDrawn, drawn, "nothing was drawn for a commit of nothing")
            }
            // A switch away and back: every buffer holds a transition frame, drawn whole once more.
            for _ in 0..<2 {
                try compositor.perform(.show(.prev, TransitionRequest(effect: "crossfade")))
                stepUntilIdle()
            }
            XCTAssertEqual(shown, image, "after switching back, round \(round)")
        }
    }
}
