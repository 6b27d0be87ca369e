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
                XCTAssertEqual(compositor.output.lastDamage, OutputDamage([rect]), "round \(round), patch \(patch)")
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
