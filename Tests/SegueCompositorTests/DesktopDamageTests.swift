import CWaylandClient
import SegueEngine
import SegueImaging
@testable import SegueShell
import XCTest

/// Free placement redraws only what changed: two windows in opposite
/// corners each redraw a 32×32 square, and a frame draws those two squares
/// alone, into buffers painted all over beforehand, whose paint stays
/// everywhere else; a window moved redraws where it was in the buffer's
/// frame and where it is, never the window that stayed.
final class DesktopDamageTests: XCTestCase {
    private var compositor: Compositor!
    private var backend: SwapchainBackend!
    private let width = 640, height = 360

    override func setUpWithError() throws {
        var options = CompositorOptions()
        options.embedded = true
        options.placement = .free
        (compositor, backend) = try embeddedCompositor(options: options, size: (width, height)) { _, width, height, _ in
            try SwapchainBackend(width: width, height: height)
        }
        backend.floods = true
    }

    override func tearDown() {
        compositor?.shutDown()
        compositor = nil
    }

    private func stepUntilIdle() {
        repeat { compositor.dispatch() } while backend.step()
    }

    func testTwoSquaresInOppositeCornersAreAllAFrameRedraws() throws {
        let (fd, server) = try XCTUnwrap(compositor.connectClient())
        let client = try RawClient(fd: fd) { [unowned self] in compositor.dispatch() }
        var images = [RGBAImage(width: 200, height: 120, fill: RGBA(0, 0, 200)), RGBAImage(width: 200, height: 120, fill: RGBA(0, 160, 0))]
        let origins = [(x: 0, y: 0), (x: width - 200, y: height - 120)]
        // Each square in its window's outer corner: the output's top left and bottom right.
        let squares = [PixelRect(x: 0, y: 0, width: 32, height: 32), PixelRect(x: 168, y: 88, width: 32, height: 32)]
        var toplevels: [RawToplevel] = []
        for (image, origin) in zip(images, origins) {
            let toplevel = try client.makeConfiguredToplevel()
            try client.show(image, on: toplevel.surface)
            XCTAssertTrue(client.roundtrip())
            compositor.placeWindow(client: server, surfaceID: wl_proxy_get_id(toplevel.surface), x: origin.x, y: origin.y)
            toplevels.append(toplevel)
        }
        stepUntilIdle()
        let onOutput = zip(squares, origins).map { PixelRect(x: $0.x + $1.x, y: $0.y + $1.y, width: $0.width, height: $0.height) }
        for round in 0..<6 {
            // Each window's its own ink, so a frame turned or flipped puts the wrong one in a corner.
            let inks = [RGBA(UInt8(40 * round), 255 - UInt8(30 * round), 128), RGBA(250, UInt8(30 * round), 20)]
            for index in 0..<2 {
                let square = squares[index]
                images[index].fill(inks[index], x: square.x, y: square.y, width: square.width, height: square.height)
                try client.show(images[index], on: toplevels[index].surface, damage: square)
            }
            XCTAssertTrue(client.roundtrip())
            stepUntilIdle()
            let rects = try XCTUnwrap(compositor.output.lastDamage.rects, "round \(round): not everywhere")
            XCTAssertEqual(Set(rects.map { "\($0)" }), Set(onOutput.map { "\($0)" }), "round \(round): the two squares")
            // Three buffers in turn: from the fourth frame on, each held one of these windows as they stand.
            guard round >= 3, let shown = backend.shown?.readPixels(opaque: true) else { continue }
            for y in stride(from: 0, to: height, by: 4) {
                for x in stride(from: 0, to: width, by: 4) {
                    let inside = onOutput.firstIndex { x >= $0.x && x < $0.x + $0.width && y >= $0.y && y < $0.y + $0.height }
                    if let inside {
                        XCTAssertEqual(shown[x, y], inks[inside], "round \(round): (\(x), \(y)) drawn")
                    } else if shown[x, y] != SwapchainBackend.canary {
                        return XCTFail("round \(round): (\(x), \(y)) was drawn again: \(shown[x, y])")
                    }
                }
            }
        }
    }

    func testAMovedWindowRedrawsOnlyWhereItWasAndWhereItIs() throws {
        let (fd, server) = try XCTUnwrap(compositor.connectClient())
        let client = try RawClient(fd: fd) { [unowned self] in compositor.dispatch() }
        // Blue with a red marker top left, and a green one in the far corner.
        var moving = RGBAImage(width: 200, height: 120, fill: RGBA(0, 0, 200))
        moving.fill(RGBA(220, 0, 0), x: 0, y: 0, width: 16, height: 16)
        let still = RGBAImage(width: 200, height: 120, fill: RGBA(0, 160, 0))
        var surfaces: [UInt32] = []
        for (image, origin) in [(moving, (x: 0, y: 0)), (still, (x: width - 200, y: height - 120))] {
            let toplevel = try client.makeConfiguredToplevel()
            try client.show(image, on: toplevel.surface)
            XCTAssertTrue(client.roundtrip())
            surfaces.append(wl_proxy_get_id(toplevel.surface))
            compositor.placeWindow(client: server, surfaceID: surfaces.last!, x: origin.x, y: origin.y)
        }
        stepUntilIdle()
        // A few steps first, so each of the three buffers holds one of its places.
        for step in 1...4 {
            compositor.placeWindow(client: server, surfaceID: surfaces[0], x: 10 * step, y: 0)
            stepUntilIdle()
        }
        compositor.placeWindow(client: server, surfaceID: surfaces[0], x: 100, y: 60)
        stepUntilIdle()
        let was = PixelRect(x: 40, y: 0, width: 200, height: 120), now = PixelRect(x: 100, y: 60, width: 200, height: 120)
        let changed = try XCTUnwrap(compositor.output.lastDamage.rects, "not everywhere")
        XCTAssertEqual(PixelRect.bounds(of: changed), PixelRect.bounds(of: [was, now]), "where it was a frame ago, and is")
        // Every pixel drawn is the desktop as it is now: all of where the window is, none of the still one.
        let whole = try compositor.output.screenImage()
        let shown = try XCTUnwrap(backend.shown?.readPixels(opaque: true))
        XCTAssertEqual(shown[102, 62], RGBA(220, 0, 0), "the marker came with it")
        XCTAssertEqual(shown[298, 178], RGBA(0, 0, 200))
        let stillWindow = PixelRect(x: width - 200, y: height - 120, width: 200, height: 120)
        func within(_ rect: PixelRect, _ x: Int, _ y: Int) -> Bool {
            x >= rect.x && x < rect.x + rect.width && y >= rect.y && y < rect.y + rect.height
        }
        for y in stride(from: 0, to: height, by: 3) {
            for x in stride(from: 0, to: width, by: 3) {
                if shown[x, y] == SwapchainBackend.canary {
                    XCTAssertFalse(within(now, x, y), "(\(x), \(y)) of the window not drawn")
                    continue
                }
                if within(stillWindow, x, y) { return XCTFail("(\(x), \(y)) of the still window was drawn again") }
                if shown[x, y] != whole[x, y] { return XCTFail("(\(x), \(y)) is \(shown[x, y]), not the desktop's \(whole[x, y])") }
            }
        }
    }
}
