import CWaylandClient
import SegueBackend
import SegueImaging
@testable import SegueShell
import XCTest

/// wl_pointer.set_cursor: the client under the pointer picks what the pointer
/// looks like, answering the enter it was sent; the backend is told the
/// picture and hotspot, the standard arrow where no client asked, and nothing
/// at all where one asked for no cursor. A client not under the pointer, or
/// answering an old enter, changes nothing.
final class CursorTests: XCTestCase {
    private var server: InProcessCompositor!
    private let red = RGBA(220, 0, 0), blue = RGBA(0, 0, 200)

    override func setUpWithError() throws {
        server = try InProcessCompositor(placement: .stacked, width: 640, height: 360)
    }

    override func tearDown() {
        server?.stop()
    }

    /// A window of the output's size, with the pointer over it.
    private func windowUnderThePointer() throws -> (RawClient, RawToplevel, RawPointer) {
        let client = try server.connect()
        let pointer = client.makePointer()
        let toplevel = try client.makeConfiguredToplevel()
        try client.show(RGBAImage(width: 640, height: 360, fill: blue), on: toplevel.surface)
        XCTAssertTrue(client.roundtrip())
        XCTAssertTrue(server.serve { server.windowCount == 1 })
        server.inject(.pointerMotion(time: 1, x: 100, y: 100))
        XCTAssertTrue(client.dispatch { pointer.focus != nil })
        return (client, toplevel, pointer)
    }

    /// A 16×12 cursor picture, red in its top-left 4×4 corner and blue elsewhere, XRGB.
    private var picture: RGBAImage { marked(width: 16, height: 12, fill: blue, marker: red, side: 4) }

    func testTheClientUnderThePointerSetsItsPictureAndHotspotAndTheStandardArrowComesBackOverNothing() throws {
        XCTAssertEqual(server.backend.cursor, .standard)
        let (client, toplevel, pointer) = try windowUnderThePointer()
        let cursor = try XCTUnwrap(wl_compositor_create_surface(client.compositor))
        wl_pointer_set_cursor(pointer.proxy, try XCTUnwrap(pointer.lastEnterSerial), cursor, 3, 2)
        XCTAssertTrue(client.roundtrip())
        XCTAssertEqual(server.backend.cursor, .hidden, "a cursor surface with nothing drawn yet shows nothing")
        try client.show(picture, on: cursor)
        XCTAssertTrue(client.roundtrip())
        guard case .image(let image) = server.backend.cursor else { return XCTFail("\(server.backend.cursor)") }
        XCTAssertEqual([image.width, image.height, image.scale, image.hotspotX, image.hotspotY], [16, 12, 1, 3, 2])
        // B, G, R, A: the top-left texel red, the last one blue, both opaque.
        XCTAssertEqual(Array(image.pixels[0..<4]), [0, 0, 220, 255])
        XCTAssertEqual(Array(image.pixels.suffix(4)), [200, 0, 0, 255])

        // An animated cursor commits a new frame: the backend gets it.
        try client.show(RGBAImage(width: 16, height: 12, fill: red), on: cursor)
        XCTAssertTrue(client.roundtrip())
        guard case .image(let frame) = server.backend.cursor else { return XCTFail("\(server.backend.cursor)") }
        XCTAssertEqual(Array(frame.pixels.suffix(4)), [0, 0, 220, 255])

        // No surface: no cursor.
        wl_pointer_set_cursor(pointer.proxy, try XCTUnwrap(pointer.lastEnterSerial), nil, 0, 0)
        XCTAssertTrue(client.roundtrip())
        XCTAssertEqual(server.backend.cursor, .hidden)

        // Over no window (it goes), the standard arrow.
        xdg_toplevel_destroy(toplevel.toplevel)
        xdg_surface_destroy(toplevel.xdgSurface)
        wl_surface_destroy(toplevel.surface)
        XCTAssertTrue(client.roundtrip())
        XCTAssertTrue(server.serve { server.windowCount == 0 })
        XCTAssertEqual(server.backend.cursor, .standard)
    }

    func testContentOffsetOnTheCursorsSurfaceMovesItsHotspotTheOtherWay() throws {
        let (client, _, pointer) = try windowUnderThePointer()
        let cursor = try XCTUnwrap(wl_compositor_create_surface(client.compositor))
        wl_pointer_set_cursor(pointer.proxy, try XCTUnwrap(pointer.lastEnterSerial), cursor, 8, 6)
        try client.show(picture, on: cursor)
        XCTAssertTrue(client.roundtrip())
        func hotspot() -> [Int]? {
            guard case .image(let image) = server.backend.cursor else { return nil }
            return [image.hotspotX, image.hotspotY]
        }
        XCTAssertEqual(hotspot(), [8, 6])
        // The new picture's top left 3 units left of and 2 above the old one's: the hotspot is further in.
        wl_surface_offset(cursor, -3, -2)
        try client.show(picture, on: cursor)
        XCTAssertTrue(client.roundtrip())
        XCTAssertEqual(hotspot(), [11, 8])
        wl_surface_offset(cursor, 2, 1)
        wl_surface_commit(cursor)
        XCTAssertTrue(client.roundtrip())
        XCTAssertEqual(hotspot(), [9, 7])
        // A commit with no offset leaves it where it is.
        try client.show(picture, on: cursor)
        XCTAssertTrue(client.roundtrip())
        XCTAssertEqual(hotspot(), [9, 7])
    }

    func testBeforeVersion5AttachsOffsetMovesTheHotspot() throws {
        let (client, _, pointer) = try windowUnderThePointer()
        let cursor = try XCTUnwrap(wl_compositor_create_surface(try XCTUnwrap(client.compositor(version: 4))))
        wl_pointer_set_cursor(pointer.proxy, try XCTUnwrap(pointer.lastEnterSerial), cursor, 8, 6)
        try client.show(picture, on: cursor)
        XCTAssertTrue(client.roundtrip())
        let pool = try XCTUnwrap(client.makePool(size: 16 * 12 * 4))
        XCTAssertTrue(pool.write(picture))
        wl_surface_attach(cursor, pool.makeBuffer(width: 16, height: 12, stride: 64, format: WL_SHM_FORMAT_XRGB8888.rawValue), 5, -1)
        wl_surface_commit(cursor)
        XCTAssertTrue(client.roundtrip(), "no error before version 5")
        guard case .image(let image) = server.backend.cursor else { return XCTFail("\(server.backend.cursor)") }
        XCTAssertEqual([image.hotspotX, image.hotspotY], [3, 7])
    }

    func testASetCursorAnsweringAnOldEnterOrFromAClientNotUnderThePointerChangesNothing() throws {
        let (client, _, pointer) = try windowUnderThePointer()
        let other = try server.connect()
        let otherPointer = other.makePointer()
        XCTAssertTrue(other.roundtrip())
        let cursor = try XCTUnwrap(wl_compositor_create_surface(other.compositor))
        try other.show(picture, on: cursor)
        // The other client was never entered: any serial is not its enter's.
        wl_pointer_set_cursor(otherPointer.proxy, try XCTUnwrap(pointer.lastEnterSerial), cursor, 0, 0)
        XCTAssertTrue(other.roundtrip())
        XCTAssertEqual(server.backend.cursor, .standard)
        let own = try XCTUnwrap(wl_compositor_create_surface(client.compositor))
        try client.show(picture, on: own)
        wl_pointer_set_cursor(pointer.proxy, try XCTUnwrap(pointer.lastEnterSerial) &- 1, own, 0, 0)
        XCTAssertTrue(client.roundtrip())
        XCTAssertEqual(server.backend.cursor, .standard, "an old serial")
    }

    func testAWindowsSurfaceAsACursorIsTheRoleError() throws {
        let (client, toplevel, pointer) = try windowUnderThePointer()
        wl_pointer_set_cursor(pointer.proxy, try XCTUnwrap(pointer.lastEnterSerial), toplevel.surface, 0, 0)
        XCTAssertFalse(client.roundtrip())
        XCTAssertEqual(client.protocolError, WaylandProtocolError(interface: "wl_pointer", code: 0))
        XCTAssertTrue(server.serve { server.windowCount == 0 })
        XCTAssertEqual(server.backend.cursor, .standard)
    }

    func testASurfaceDrawnBeforeSetCursorMakesItACursorShowsItsPicture() throws {
        let (client, _, pointer) = try windowUnderThePointer()
        let cursor = try XCTUnwrap(wl_compositor_create_surface(client.compositor))
        // The buffer is committed (its picture kept) while the surface has no role yet.
        try client.show(picture, on: cursor)
        XCTAssertTrue(client.roundtrip())
        wl_pointer_set_cursor(pointer.proxy, try XCTUnwrap(pointer.lastEnterSerial), cursor, 1, 1)
        XCTAssertTrue(client.roundtrip())
        guard case .image(let image) = server.backend.cursor else { return XCTFail("\(server.backend.cursor)") }
        XCTAssertEqual([image.width, image.height, image.hotspotX, image.hotspotY], [16, 12, 1, 1])
        XCTAssertEqual(Array(image.pixels[0..<4]), [0, 0, 220, 255])
    }

    func testASecondPointerOfTheClientLeavesTheFirstOnesEnterValid() throws {
        let (client, _, pointer) = try windowUnderThePointer()
        let serial = try XCTUnwrap(pointer.lastEnterSerial)
        let second = client.makePointer()
        XCTAssertTrue(client.dispatch { second.focus != nil }, "the new pointer is entered at once")
        wl_pointer_set_cursor(pointer.proxy, serial, nil, 0, 0)
        XCTAssertTrue(client.roundtrip())
        XCTAssertEqual(server.backend.cursor, .hidden, "the first pointer answered its own enter")
    }

    func testANewScaleForTheSamePictureReachesTheBackend() throws {
        let (client, _, pointer) = try windowUnderThePointer()
        let cursor = try XCTUnwrap(wl_compositor_create_surface(client.compositor))
        wl_pointer_set_cursor(pointer.proxy, try XCTUnwrap(pointer.lastEnterSerial), cursor, 2, 2)
        wl_surface_set_buffer_scale(cursor, 2)
        try client.show(picture, on: cursor)
        XCTAssertTrue(client.roundtrip())
        guard case .image(let scaled) = server.backend.cursor else { return XCTFail("\(server.backend.cursor)") }
        XCTAssertEqual(scaled.scale, 2)
        wl_surface_set_buffer_scale(cursor, 1)
        wl_surface_commit(cursor)
        XCTAssertTrue(client.roundtrip())
        guard case .image(let unscaled) = server.backend.cursor else { return XCTFail("\(server.backend.cursor)") }
        XCTAssertEqual(unscaled.scale, 1)
        XCTAssertEqual(unscaled.pixels, scaled.pixels)
    }

    func testAClientMakingManyCursorsHoldsOnlyAFewPictures() throws {
        let (client, _, pointer) = try windowUnderThePointer()
        for _ in 0..<40 {
            let cursor = try XCTUnwrap(wl_compositor_create_surface(client.compositor))
            wl_pointer_set_cursor(pointer.proxy, try XCTUnwrap(pointer.lastEnterSerial), cursor, 0, 0)
            try client.show(RGBAImage(width: 256, height: 256, fill: red), on: cursor)
        }
        XCTAssertTrue(client.roundtrip())
        let side = try server.serverSide(of: client)
        XCTAssertEqual(server.compositor.cursorImages.count(heldBy: side), CursorImages.perClient)
        // The newest is the cursor, and shows.
        guard case .image(let image) = server.backend.cursor else { return XCTFail("\(server.backend.cursor)") }
        XCTAssertEqual(image.width, 256)
    }

    func testFromAWindowOntoItsOwnSubsurfaceTheCursorStaysUntilTheClientAnswersTheNewEnter() throws {
        let (client, toplevel, pointer) = try windowUnderThePointer()
        let child = client.makeSubsurface(of: toplevel.surface, x: 300, y: 100)
        try client.show(RGBAImage(width: 100, height: 100, fill: red), on: child.surface)
        wl_surface_commit(toplevel.surface)
        let cursor = try XCTUnwrap(wl_compositor_create_surface(client.compositor))
        wl_pointer_set_cursor(pointer.proxy, try XCTUnwrap(pointer.lastEnterSerial), cursor, 3, 2)
        try client.show(picture, on: cursor)
        XCTAssertTrue(client.roundtrip())
        guard case .image = server.backend.cursor else { return XCTFail("\(server.backend.cursor)") }
        let before = server.backend.cursor
        // Onto the subsurface: the same client, so no flash of the standard arrow.
        server.inject(.pointerMotion(time: 2, x: 320, y: 120))
        XCTAssertTrue(client.dispatch { pointer.focus == child.surface })
        XCTAssertEqual(server.backend.cursor, before)
        // The window unmaps, and the pointer is over no surface: the standard arrow.
        wl_surface_attach(toplevel.surface, nil, 0, 0)
        wl_surface_commit(toplevel.surface)
        XCTAssertTrue(client.roundtrip())
        XCTAssertTrue(server.serve { server.backend.cursor == .standard }, "\(server.backend.cursor)")
    }
}
