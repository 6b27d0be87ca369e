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

    func testSurfaceDamageUnderATransformRenewsTheWholeBuffer() throws {
        let (client, surface) = try shownWindow(scale: 1, transform: WL_OUTPUT_TRANSFORM_180)
        try commitNewPicture(client, surface) { wl_surface_damage($0, 10, 10, 5, 5) }
        let screen = try server.screen()
        XCTAssertEqual(screen[0, 0], new)
        XCTAssertEqual(screen[width - 1, height - 1], new)
    }

    func testDamageReachingPastTheBufferIsCutAtItsEdges() throws {
        let (client, surface) = try shownWindow(scale: 1)
        try commitNewPicture(client, surface) { wl_surface_damage_buffer($0, 5, -100, 10, Int32.max) }
        let screen = try server.screen()
        XCTAssertEqual(server.compositor.output.target.frameDamage, PixelRect(x: 5, y: 0, width: 10, height: height))
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
        XCTAssertTrue(server.serve { server.windowCount == 1 && !server.compositor.output.isAnimating })
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

/// Content no one can see costs the compositor no GL texture: a surface with
/// no role, or a cursor's (Segue draws no client cursors).
final class UndrawnSurfaceTests: XCTestCase {
    func testBuffersOnARolelessSurfaceAndACursorMakeNoTexture() throws {
        let server = try InProcessCompositor(placement: .stacked, width: 320, height: 180)
        defer { server.stop() }
        let client = try server.connect()
        let pointer = client.makePointer()
        let bare = try XCTUnwrap(wl_compositor_create_surface(client.compositor))
        let cursor = try XCTUnwrap(wl_compositor_create_surface(client.compositor))
        wl_pointer_set_cursor(pointer.proxy, 0, cursor, 0, 0)
        XCTAssertTrue(client.roundtrip())
        let before = Texture.live
        for surface in [bare, cursor] {
            try client.show(RGBAImage(width: 256, height: 256, fill: RGBA(200, 0, 0)), on: surface)
        }
        XCTAssertTrue(client.roundtrip())
        XCTAssertEqual(Texture.live, before)

        let toplevel = try client.makeConfiguredToplevel()
        try client.show(RGBAImage(width: 256, height: 256, fill: RGBA(200, 0, 0)), on: toplevel.surface)
        XCTAssertTrue(client.roundtrip())
        XCTAssertGreaterThan(Texture.live, before, "a window's buffer does make one")
    }
}
