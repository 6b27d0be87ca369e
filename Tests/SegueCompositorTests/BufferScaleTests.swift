import CWaylandClient
import SegueImaging
@testable import SegueShell
import XCTest

/// A buffer at scale N shows at 1/N of its size in output pixels (Segue
/// advertises scale 1), centred like any window smaller than the output, and
/// takes input in surface units.
final class BufferScaleTests: XCTestCase {
    private var server: InProcessCompositor!
    private let width = 640, height = 360
    private let fill = RGBA(0, 0, 200), marker = RGBA(220, 0, 0), background = RGBA(20, 20, 26)

    override func setUpWithError() throws {
        server = try InProcessCompositor(placement: .stacked, width: width, height: height)
    }

    override func tearDown() {
        server?.stop()
    }

    func testAScale2BufferOfTheOutputsSizeShowsAtHalfItsSizeCentred() throws {
        let client = try server.connect()
        let pointer = client.makePointer()
        let toplevel = try client.makeConfiguredToplevel()
        wl_surface_set_buffer_scale(toplevel.surface, 2)
        try client.show(marked(width: width, height: height, fill: fill, marker: marker, side: 20), on: toplevel.surface)
        XCTAssertTrue(client.roundtrip())
        XCTAssertTrue(server.serve { server.windowCount == 1 && !server.compositor.output.isAnimating })
        let screen = try server.screen()
        // 320x180 at (160, 90); the 20-pixel marker in the buffer's top left is 10 pixels on screen.
        XCTAssertEqual(screen[160, 90], marker)
        XCTAssertEqual(screen[169, 99], marker)
        XCTAssertEqual(screen[170, 100], fill)
        XCTAssertEqual(screen[479, 269], fill, "the bottom-right corner")
        XCTAssertEqual(screen[159, 90], background)
        XCTAssertEqual(screen[480, 269], background)
        XCTAssertEqual(screen[479, 270], background)

        server.inject(.pointerMotion(time: 1, x: 165.5, y: 95.25))
        XCTAssertTrue(client.dispatch { pointer.focus != nil })
        XCTAssertEqual(pointer.events.last, .enter(toplevel.surface, x: 5.5, y: 5.25), "surface units from its top left")
    }
}
