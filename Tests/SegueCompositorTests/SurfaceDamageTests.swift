import CWaylandClient
import SegueEngine
import SegueImaging
import SegueRender
@testable import SegueShell
import XCTest

/// A commit's damage says which of the buffer's pixels are new: damage in
/// surface units counts at the buffer's scale, and whatever reaches past the
/// buffer is cut off, so only the right pixels are copied and redrawn.
final class SurfaceDamageTests: XCTestCase {
    private var server: InProcessCompositor!
    private let width = 640, height = 360
    private let old = RGBA(0, 0, 200), new = RGBA(220, 120, 0)

    override func setUpWithError() throws {
        server = try InProcessCompositor(placement: .stacked, width: width, height: height)
    }

    override func tearDown() {
        server?.stop()
    }

    func testSurfaceDamageAtScale2CoversTwiceTheBufferPixels() throws {
        // The buffer shows at half its size, centred: buffer pixel (x, y) at (160 + x / 2, 90 + y / 2).
        let (client, surface) = try shownWindow(scale: 2)
        try commitNewPicture(client, surface) { wl_surface_damage($0, 10, 10, 5, 5) }
        let screen = try server.screen()
        XCTAssertEqual(screen[170, 100], new, "buffer pixels (20, 20) to (29, 29)")
        XCTAssertEqual(screen[174, 104], new)
        XCTAssertEqual(screen[175, 105], old)
        XCTAssertEqual(screen[169, 99], old)
    }

    func testBufferDamageAtScale2IsInBufferPixels() throws {
        let (client, surface) = try shownWindow(scale: 2)
        try commitNewPicture(client, surface) { wl_surface_damage_buffer($0, 20, 20, 10, 10) }
        let screen = try server.screen()
        XCTAssertEqual(screen[170, 100], new, "buffer pixels (20, 20) to (29, 29)")
        XCTAssertEqual(screen[174, 104], new)
        XCTAssertEqual(screen[175, 105], old)
    }

    /// Turned 180°, surface pixels (10, 10) to (14, 14) are the buffer's
    /// last but ten: those are copied, and they show where the damage said.
    func testSurfaceDamageUnderATransformRenewsTheBufferPixelsShownThere() throws {
        let (client, surface) = try shownWindow(scale: 1, transform: WL_OUTPUT_TRANSFORM_180)
        try commitNewPicture(client, surface) { wl_surface_damage($0, 10, 10, 5, 5) }
        let screen = try server.screen()
        XCTAssertEqual(server.compositor.output.lastDamage.rects, [PixelRect(x: 10, y: 10, width: 5, height: 5)])
        XCTAssertEqual(screen[10, 10], new)
        XCTAssertEqual(screen[14, 14], new)
        XCTAssertEqual(screen[15, 15], old)
        XCTAssertEqual(screen[9, 9], old)
        XCTAssertEqual(screen[width - 11, height - 11], old, "not the other corner, where the buffer's own (10, 10) shows")
    }

    func testDamageReachingPastTheBufferIsCutAtItsEdges() throws {
        let (client, surface) = try shownWindow(scale: 1)
        try commitNewPicture(client, surface) { wl_surface_damage_buffer($0, 5, -100, 10, Int32.max) }
        let screen = try server.screen()
        XCTAssertEqual(server.compositor.output.lastDamage.rects, [PixelRect(x: 5, y: 0, width: 10, height: height)])
        XCTAssertEqual(screen[5, 0], new)
        XCTAssertEqual(screen[14, height - 1], new)
        XCTAssertEqual(screen[15, 0], old)
        XCTAssertEqual(screen[4, height - 1], old)
    }

    // MARK: Helpers

    /// A window of the output's size at `scale` and `transform`, all `old`, shown and at rest.
    private func shownWindow(scale: Int32, transform: wl_output_transform = WL_OUTPUT_TRANSFORM_NORMAL) throws -> (RawClient, OpaquePointer) {
        let client = try server.connect()
        let toplevel = try client.makeConfiguredToplevel()
        wl_surface_set_buffer_scale(toplevel.surface, scale)
        wl_surface_set_buffer_transform(toplevel.surface, Int32(transform.rawValue))
        try client.show(RGBAImage(width: width, height: height, fill: old), on: toplevel.surface)
        XCTAssertTrue(client.roundtrip())
        XCTAssertTrue(server.serve { server.windowCount == 1 && !server.compositor.navigation.isAnimating })
        XCTAssertEqual(try server.screen()[width / 2, height / 2], old)
        return (client, toplevel.surface)
    }

    /// A new buffer all `new`, attached, damaged by `damage` and committed.
    private func commitNewPicture(_ client: RawClient, _ surface: OpaquePointer, damage: (OpaquePointer) -> Void) throws {
        let pool = try XCTUnwrap(client.makePool(size: Int32(width * height * 4)))
        XCTAssertTrue(pool.write(RGBAImage(width: width, height: height, fill: new)))
        let buffer = pool.makeBuffer(width: Int32(width), height: Int32(height), stride: Int32(width * 4),
                                     format: WL_SHM_FORMAT_XRGB8888.rawValue)
        wl_surface_attach(surface, buffer, 0, 0)
        damage(surface)
        wl_surface_commit(surface)
        XCTAssertTrue(client.roundtrip())
    }
}

/// What becomes of content Segue never draws, and of content committed
/// before its surface had a role.
final class UndrawnSurfaceTests: XCTestCase {
    private var server: InProcessCompositor!

    override func setUpWithError() throws {
        server = try InProcessCompositor(placement: .stacked, width: 320, height: 180)
    }

    override func tearDown() {
        server?.stop()
    }

    func testACursorsAndADragIconsBuffersMakeNoTextureWhateverTheirScale() throws {
        let client = try server.connect()
        let pointer = client.makePointer()
        let device = client.makeDataDevice()
        let cursor = try XCTUnwrap(wl_compositor_create_surface(client.compositor))
        let icon = try XCTUnwrap(wl_compositor_create_surface(client.compositor))
        wl_pointer_set_cursor(pointer.proxy, 0, cursor, 0, 0)
        wl_data_device_start_drag(device.device, client.makeDataSource(offering: ["text/plain"]).source, icon, icon, 1)
        XCTAssertTrue(client.roundtrip())
        let before = Texture.live
        for surface in [cursor, icon] {
            // 25 pixels at scale 2 is no whole number of units; a cursor may get away with that.
            wl_surface_set_buffer_scale(surface, 2)
            try client.show(RGBAImage(width: 25, height: 25, fill: RGBA(200, 0, 0)), on: surface)
        }
        XCTAssertTrue(client.roundtrip(), "no error")
        XCTAssertEqual(Texture.live, before)
    }

    func testContentCommittedBeforeTheSubsurfaceRoleShowsWithItsParent() throws {
        let client = try server.connect()
        let toplevel = try client.makeConfiguredToplevel()
        try client.show(RGBAImage(width: 320, height: 180, fill: RGBA(0, 0, 200)), on: toplevel.surface)
        XCTAssertTrue(client.roundtrip())
        XCTAssertTrue(server.serve { server.windowCount == 1 && !server.compositor.navigation.isAnimating })
        let early = try XCTUnwrap(wl_compositor_create_surface(client.compositor))
        try client.show(marked(width: 40, height: 30, fill: RGBA(0, 200, 0), marker: RGBA(220, 0, 0)), on: early)
        XCTAssertTrue(client.roundtrip())
        let subsurface = try XCTUnwrap(wl_subcompositor_get_subsurface(client.subcompositor, early, toplevel.surface))
        wl_subsurface_set_position(subsurface, 100, 50)
        wl_surface_commit(toplevel.surface)
        XCTAssertTrue(client.roundtrip())
        let screen = try server.screen()
        XCTAssertEqual(screen[100, 50], RGBA(220, 0, 0), "its marker, at its position")
        XCTAssertEqual(screen[139, 79], RGBA(0, 200, 0))
        XCTAssertEqual(screen[140, 80], RGBA(0, 0, 200), "the window past it")
    }
}
