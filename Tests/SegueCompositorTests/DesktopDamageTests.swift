import CWaylandClient
import SegueEngine
import SegueImaging
@testable import SegueShell
import XCTest

/// Free placement redraws only what changed: two windows in opposite
/// corners each redraw a 32×32 square, and a frame draws those two squares
/// alone, into buffers painted all over beforehand, whose paint stays
/// everywhere else.
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
}
