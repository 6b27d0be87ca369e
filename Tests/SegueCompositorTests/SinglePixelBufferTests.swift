import CWaylandClient
import SegueImaging
@testable import SegueShell
import XCTest

/// wp_single_pixel_buffer_v1: a one-pixel buffer of a colour, stretched by a
/// viewport, is drawn as a wl_shm buffer of that colour would be; a red one
/// in a subsurface over a blue one marks the top left, so a flip fails.
final class SinglePixelBufferTests: XCTestCase {
    private var server: InProcessCompositor!

    override func setUpWithError() throws {
        server = try InProcessCompositor(placement: .stacked, width: 640, height: 360)
    }

    override func tearDown() {
        server?.stop()
    }

    /// A single-pixel buffer of the colour (8 bits a channel, opaque), from `manager`.
    private func pixel(_ manager: OpaquePointer, _ r: UInt32, _ g: UInt32, _ b: UInt32) -> OpaquePointer? {
        func wide(_ value: UInt32) -> UInt32 { value * 0x0101_0101 }
        return wp_single_pixel_buffer_manager_v1_create_u32_rgba_buffer(manager, wide(r), wide(g), wide(b), UInt32.max)
    }

    /// Shows `buffer` on `surface`, stretched to `width` × `height` by a viewport.
    private func show(_ buffer: OpaquePointer?, on surface: OpaquePointer, width: Int32, height: Int32, client: RawClient) throws {
        let viewport = try XCTUnwrap(wp_viewporter_get_viewport(client.viewporter, surface))
        wp_viewport_set_destination(viewport, width, height)
        wl_surface_attach(surface, buffer, 0, 0)
        wl_surface_damage_buffer(surface, 0, 0, 1, 1)
        wl_surface_commit(surface)
    }

    func testAOnePixelBufferStretchedByAViewportFillsItsSurface() throws {
        let client = try server.connect()
        let manager = try XCTUnwrap(client.bind(global: "wp_single_pixel_buffer_manager_v1",
                                                segue_client_wp_single_pixel_buffer_manager_v1_interface(), version: 1))
        let toplevel = try client.makeConfiguredToplevel()
        let (marker, _) = client.makeSubsurface(of: toplevel.surface, x: 0, y: 0)
        try show(pixel(manager, 255, 0, 0), on: marker, width: 32, height: 32, client: client)
        try show(pixel(manager, 0, 0, 255), on: toplevel.surface, width: 640, height: 360, client: client)
        XCTAssertTrue(client.roundtrip())
        XCTAssertTrue(server.serve { server.windowCount == 1 && !server.compositor.navigation.isAnimating })
        let screen = try server.screen()
        XCTAssertEqual(screen[5, 5], RGBA(255, 0, 0), "the marker, top left")
        XCTAssertEqual(screen[40, 5], RGBA(0, 0, 255))
        XCTAssertEqual(screen[5, 340], RGBA(0, 0, 255))
        XCTAssertEqual(screen[630, 350], RGBA(0, 0, 255), "stretched to the far corner")
    }
}
