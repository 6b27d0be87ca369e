import CWaylandClient
import SegueEngine
import SegueImaging
@testable import SegueShell
import XCTest

/// wp_viewporter: a surface shows the part of its content its viewport's
/// source names, at its destination size, both applied at the next commit;
/// bad values get wp_viewport's errors.
final class ViewporterTests: XCTestCase {
    private var server: InProcessCompositor!
    private let red = RGBA(220, 0, 0), blue = RGBA(0, 0, 200), background = RGBA(20, 20, 26)

    override func setUpWithError() throws {
        server = try InProcessCompositor(placement: .stacked, width: 640, height: 360)
    }

    override func tearDown() {
        server?.stop()
    }

    func testASourceShowsThatPartOfTheBufferAtItsOwnSize() throws {
        let (client, toplevel, viewport) = try windowWithViewport()
        var picture = RGBAImage(width: 200, height: 120, fill: blue)
        picture.fill(red, x: 50, y: 30, width: 10, height: 10)
        wp_viewport_set_source(viewport, wl_fixed_from_int(50), wl_fixed_from_int(30), wl_fixed_from_int(100), wl_fixed_from_int(60))
        let screen = try show(picture, client, toplevel)
        // 100x60 centred: from (270, 150), the red square at its top left.
        XCTAssertEqual(screen[270, 150], red)
        XCTAssertEqual(screen[279, 159], red)
        XCTAssertEqual(screen[280, 160], blue)
        XCTAssertEqual(screen[369, 209], blue)
        XCTAssertEqual(screen[269, 150], background)
        XCTAssertEqual(screen[370, 209], background)
        XCTAssertEqual(screen[369, 210], background)
        XCTAssertEqual(server.compositor.stack.windows.first?.surface.width, 100)
    }

    func testADestinationStretchesTheContentAndTakesInputInItsUnits() throws {
        let (client, toplevel, viewport) = try windowWithViewport()
        let pointer = client.makePointer()
        wp_viewport_set_destination(viewport, 200, 120)
        let screen = try show(marked(width: 100, height: 60, fill: blue, marker: red), client, toplevel)
        // 200x120 centred: from (220, 120), the 10-pixel marker 20 pixels wide.
        XCTAssertEqual(screen[220, 120], red)
        XCTAssertEqual(screen[238, 138], red)
        XCTAssertEqual(screen[241, 141], blue)
        XCTAssertEqual(screen[419, 239], blue)
        XCTAssertEqual(screen[219, 120], background)
        XCTAssertEqual(screen[420, 239], background)
        server.inject(.pointerMotion(time: 1, x: 230.5, y: 125))
        XCTAssertTrue(client.dispatch { pointer.focus != nil })
        XCTAssertEqual(pointer.events.last, .enter(toplevel.surface, x: 10.5, y: 5))
    }

    func testAPointFarOnASurfaceWiderThanWlFixedCanSayIsHeldToItsRangeNotWrapped() throws {
        let (client, toplevel, viewport) = try windowWithViewport()
        let pointer = client.makePointer()
        // 20 million units wide, its window geometry 10 million units in at the output's left: the right edge is past 2^23.
        wp_viewport_set_destination(viewport, 20_000_000, 360)
        client.setWindowGeometry(toplevel, x: 10_000_000, y: 0, width: 640, height: 360)
        _ = try show(RGBAImage(width: 4, height: 4, fill: blue), client, toplevel)
        server.inject(.pointerMotion(time: 1, x: 630, y: 100))
        XCTAssertTrue(client.dispatch { pointer.focus != nil })
        XCTAssertEqual(pointer.events.last, .enter(toplevel.surface, x: 8_388_607.996_093_75, y: 100))
    }

    func testDestroyingTheViewportShowsTheWholeBufferFromTheNextCommit() throws {
        let (client, toplevel, viewport) = try windowWithViewport()
        wp_viewport_set_destination(viewport, 200, 120)
        _ = try show(marked(width: 100, height: 60, fill: blue, marker: red), client, toplevel)
        wp_viewport_destroy(viewport)
        XCTAssertTrue(client.roundtrip())
        XCTAssertEqual(server.compositor.stack.windows.first?.surface.width, 200, "still stretched until the commit")
        wl_surface_commit(toplevel.surface)
        XCTAssertTrue(client.roundtrip())
        let screen = try server.screen()
        XCTAssertEqual(screen[270, 150], red, "100x60 centred")
        XCTAssertEqual(screen[280, 160], blue)
        XCTAssertEqual(screen[269, 150], background)
    }

    func testUnsettingTheSourceShowsTheWholeBufferAgain() throws {
        let (client, toplevel, viewport) = try windowWithViewport()
        wp_viewport_set_source(viewport, wl_fixed_from_int(10), wl_fixed_from_int(10), wl_fixed_from_int(50), wl_fixed_from_int(30))
        _ = try show(marked(width: 100, height: 60, fill: blue, marker: red), client, toplevel)
        let minusOne = wl_fixed_from_int(-1)
        wp_viewport_set_source(viewport, minusOne, minusOne, minusOne, minusOne)
        wl_surface_commit(toplevel.surface)
        XCTAssertTrue(client.roundtrip())
        let screen = try server.screen()
        XCTAssertEqual(screen[270, 150], red, "100x60 centred, its marker back")
        XCTAssertEqual(screen[369, 209], blue)
        XCTAssertEqual(screen[370, 209], background)
    }

    func testANewDestinationAloneResizesTheSurface() throws {
        let (client, toplevel, viewport) = try windowWithViewport()
        _ = try show(marked(width: 100, height: 60, fill: blue, marker: red), client, toplevel)
        wp_viewport_set_destination(viewport, 200, 120)
        wl_surface_commit(toplevel.surface)
        XCTAssertTrue(client.roundtrip())
        let screen = try server.screen()
        XCTAssertEqual(screen[220, 120], red)
        XCTAssertEqual(screen[419, 239], blue)
    }

    func testAlphaCountsAgainWhenTheOpaqueRegionNoLongerCoversTheSurface() throws {
        let (client, toplevel, viewport) = try windowWithViewport()
        wp_viewport_set_source(viewport, 0, 0, wl_fixed_from_int(100), wl_fixed_from_int(100))
        client.setOpaque(toplevel.surface, width: 100, height: 100)
        // All transparent; called opaque, its colour (black) shows.
        try client.show(RGBAImage(width: 200, height: 100, fill: RGBA(0, 0, 0)), on: toplevel.surface, unused: 0, format: WL_SHM_FORMAT_ARGB8888)
        XCTAssertTrue(client.roundtrip())
        XCTAssertTrue(server.serve { server.windowCount == 1 && !server.compositor.navigation.isAnimating })
        XCTAssertEqual(try server.screen()[300, 180], RGBA(0, 0, 0))
        let minusOne = wl_fixed_from_int(-1)
        wp_viewport_set_source(viewport, minusOne, minusOne, minusOne, minusOne)
        wl_surface_commit(toplevel.surface)
        XCTAssertTrue(client.roundtrip())
        let screen = try server.screen()
        XCTAssertEqual(screen[300, 180], background, "200x100 now, half of it outside the opaque region: its alpha counts")
        XCTAssertEqual(screen[400, 180], background)
    }

    // MARK: Errors

    func testABadValueAfterTheSurfaceWentIsNoSurface() throws {
        let client = try server.connect()
        let surface = try XCTUnwrap(wl_compositor_create_surface(client.compositor))
        let viewport = try XCTUnwrap(wp_viewporter_get_viewport(client.viewporter, surface))
        wl_surface_destroy(surface)
        wp_viewport_set_destination(viewport, 0, 5)
        assertDisconnected(client, code: 3)
    }

    func testAFractionalSourceWithNoDestinationIsBadSizeEvenWithNoBuffer() throws {
        let (client, toplevel, viewport) = try windowWithViewport()
        wp_viewport_set_source(viewport, 0, 0, wl_fixed_from_double(10.5), wl_fixed_from_int(10))
        wl_surface_commit(toplevel.surface)
        assertDisconnected(client, code: 1)
    }

    func testASynchronizedSubsurfacesSourceIsCheckedAtItsOwnCommit() throws {
        let (client, toplevel, _) = try windowWithViewport()
        try client.show(RGBAImage(width: 100, height: 60, fill: blue), on: toplevel.surface)
        let (surface, _) = client.makeSubsurface(of: toplevel.surface, x: 0, y: 0)
        let viewport = try XCTUnwrap(wp_viewporter_get_viewport(client.viewporter, surface))
        wp_viewport_set_source(viewport, 0, 0, wl_fixed_from_int(30), wl_fixed_from_int(10))
        try client.show(RGBAImage(width: 20, height: 20, fill: red), on: surface)
        // Caught here, before the parent's commit would apply it.
        assertDisconnected(client, code: 2)
    }

    func testAnEmptyDestinationIsBadValue() throws {
        let (client, _, viewport) = try windowWithViewport()
        wp_viewport_set_destination(viewport, 0, 5)
        assertDisconnected(client, code: 0)
    }

    func testANegativeSourceIsBadValue() throws {
        let (client, _, viewport) = try windowWithViewport()
        wp_viewport_set_source(viewport, wl_fixed_from_int(-1), 0, wl_fixed_from_int(10), wl_fixed_from_int(10))
        assertDisconnected(client, code: 0)
    }

    func testAFractionalSourceWithNoDestinationIsBadSize() throws {
        let (client, toplevel, viewport) = try windowWithViewport()
        wp_viewport_set_source(viewport, 0, 0, wl_fixed_from_double(10.5), wl_fixed_from_int(10))
        try client.show(RGBAImage(width: 100, height: 60, fill: blue), on: toplevel.surface)
        assertDisconnected(client, code: 1)
    }

    func testASourceReachingPastTheBufferIsOutOfBuffer() throws {
        let (client, toplevel, viewport) = try windowWithViewport()
        wp_viewport_set_source(viewport, wl_fixed_from_int(50), 0, wl_fixed_from_int(51), wl_fixed_from_int(10))
        try client.show(RGBAImage(width: 100, height: 60, fill: blue), on: toplevel.surface)
        assertDisconnected(client, code: 2)
    }

    func testARequestAfterTheSurfaceWentIsNoSurface() throws {
        let client = try server.connect()
        let surface = try XCTUnwrap(wl_compositor_create_surface(client.compositor))
        let viewport = try XCTUnwrap(wp_viewporter_get_viewport(client.viewporter, surface))
        wl_surface_destroy(surface)
        wp_viewport_set_destination(viewport, 10, 10)
        assertDisconnected(client, code: 3)
    }

    func testASecondViewportForASurfaceIsViewportExists() throws {
        let (client, toplevel, _) = try windowWithViewport()
        _ = wp_viewporter_get_viewport(client.viewporter, toplevel.surface)
        XCTAssertFalse(client.roundtrip())
        XCTAssertEqual(client.protocolError, WaylandProtocolError(interface: "wp_viewporter", code: 0))
    }

    // MARK: Helpers

    private func windowWithViewport() throws -> (RawClient, RawToplevel, OpaquePointer) {
        let client = try server.connect()
        let toplevel = try client.makeConfiguredToplevel()
        let viewport = try XCTUnwrap(wp_viewporter_get_viewport(client.viewporter, toplevel.surface))
        return (client, toplevel, viewport)
    }

    /// `picture` committed on the window, the screen once it shows at rest.
    private func show(_ picture: RGBAImage, _ client: RawClient, _ toplevel: RawToplevel) throws -> RGBAImage {
        try client.show(picture, on: toplevel.surface)
        XCTAssertTrue(client.roundtrip())
        XCTAssertTrue(server.serve { server.windowCount == 1 && !server.compositor.navigation.isAnimating })
        return try server.screen()
    }

    private func assertDisconnected(_ client: RawClient, code: UInt32, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertFalse(client.roundtrip(), file: file, line: line)
        XCTAssertEqual(client.protocolError, WaylandProtocolError(interface: "wp_viewport", code: code), file: file, line: line)
    }
}
