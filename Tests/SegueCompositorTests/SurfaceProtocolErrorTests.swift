import CWaylandClient
import Foundation
import SegueEngine
import SegueImaging
import XCTest

/// wl_surface, roles, wl_subcompositor, wl_shm and wl_buffer requests that break the protocol (`ProtocolErrorCase`).
final class SurfaceProtocolErrorTests: ProtocolErrorCase {
    // MARK: wl_surface

    func testABufferScaleOfZeroIsInvalidScale() throws {
        let client = try connect()
        wl_surface_set_buffer_scale(try XCTUnwrap(wl_compositor_create_surface(client.compositor)), 0)
        assertDisconnected(client, with: WaylandProtocolError(interface: "wl_surface", code: 0))
        try assertStillServing()
    }

    func testATransformOutsideTheEnumIsInvalidTransform() throws {
        let client = try connect()
        wl_surface_set_buffer_transform(try XCTUnwrap(wl_compositor_create_surface(client.compositor)), 8)
        assertDisconnected(client, with: WaylandProtocolError(interface: "wl_surface", code: 1))
        try assertStillServing()
    }

    func testABufferWiderThanSegueShowsIsInvalidSize() throws {
        let client = try connect()
        let toplevel = try configuredToplevel(client)
        let pool = try XCTUnwrap(client.makePool(size: 16385 * 4))
        client.attach(pool.makeBuffer(width: 16385, height: 1, stride: 16385 * 4, format: xrgb8888), to: toplevel)
        client.commit(toplevel)
        assertDisconnected(client, with: WaylandProtocolError(interface: "wl_surface", code: 2))
        try assertStillServing()
    }

    func testAttachingWithAnOffsetAtVersion5IsInvalidOffset() throws {
        let client = try connect()
        XCTAssertEqual(wl_proxy_get_version(try XCTUnwrap(client.compositor)), 5)
        let toplevel = try configuredToplevel(client)
        let pool = try XCTUnwrap(client.makePool(size: width * height * 4))
        wl_surface_attach(toplevel.surface, pool.makeBuffer(width: width, height: height, stride: width * 4, format: xrgb8888), 4, 0)
        assertDisconnected(client, with: WaylandProtocolError(interface: "wl_surface", code: 3))
        try assertStillServing()
    }

    func testABufferNotWholeSurfaceUnitsAtItsScaleIsInvalidSize() throws {
        let client = try connect()
        let toplevel = try configuredToplevel(client)
        let pool = try XCTUnwrap(client.makePool(size: 100 * 100 * 4))
        wl_surface_set_buffer_scale(toplevel.surface, 3)
        client.attach(pool.makeBuffer(width: 100, height: 100, stride: 400, format: xrgb8888), to: toplevel)
        client.commit(toplevel)
        assertDisconnected(client, with: WaylandProtocolError(interface: "wl_surface", code: 2))
        try assertStillServing()
    }

    func testRaisingTheScaleOverABufferItDoesNotDivideIsInvalidSize() throws {
        let client = try connect()
        let toplevel = try configuredToplevel(client)
        try client.show(RGBAImage(width: 101, height: 100, fill: RGBA(0, 0, 200)), on: toplevel.surface)
        XCTAssertTrue(client.roundtrip(), "101x100 is whole units at scale 1")
        wl_surface_set_buffer_scale(toplevel.surface, 2)
        client.commit(toplevel)
        assertDisconnected(client, with: WaylandProtocolError(interface: "wl_surface", code: 2))
        try assertStillServing()
    }

    // MARK: Roles: a surface keeps the kind of role it first had

    func testAToplevelsSurfaceCannotBecomeASubsurfaceOfItsOwnPopup() throws {
        // Once accepted, this made a loop of parents that the compositor walked forever.
        let client = try connect()
        let toplevel = try configuredToplevel(client)
        try client.show(RGBAImage(width: Int(width), height: Int(height), fill: RGBA(0, 0, 200)), on: toplevel.surface)
        let popup = client.makePopup(of: toplevel.xdgSurface, width: 50, height: 50, anchorRect: PixelRect(x: 10, y: 10, width: 1, height: 1))
        XCTAssertTrue(client.roundtrip())
        try client.show(RGBAImage(width: 50, height: 50, fill: RGBA(200, 0, 0)), onPopup: popup)
        XCTAssertTrue(client.roundtrip())
        xdg_toplevel_destroy(toplevel.toplevel)
        _ = wl_subcompositor_get_subsurface(client.subcompositor, toplevel.surface, popup.surface)
        wl_surface_commit(popup.surface)
        assertDisconnected(client, with: WaylandProtocolError(interface: "wl_subcompositor", code: 0))
        try assertStillServing()
    }

    func testADestroyedSubsurfacesSurfaceCannotBecomeAToplevel() throws {
        let client = try connect()
        let parent = try configuredToplevel(client)
        let (surface, subsurface) = client.makeSubsurface(of: parent.surface, x: 0, y: 0)
        wl_subsurface_destroy(subsurface)
        XCTAssertTrue(client.roundtrip())
        client.getXdgSurface(for: surface)
        assertDisconnected(client, with: WaylandProtocolError(interface: "xdg_wm_base", code: 0))
        try assertStillServing()
    }

    func testADestroyedPopupsSurfaceCannotBecomeAToplevel() throws {
        let client = try connect()
        let parent = try configuredToplevel(client)
        let popup = client.makePopup(of: parent.xdgSurface, width: 50, height: 50, anchorRect: PixelRect(x: 10, y: 10, width: 1, height: 1))
        xdg_popup_destroy(popup.popup)
        xdg_surface_destroy(popup.xdgSurface)
        XCTAssertTrue(client.roundtrip())
        _ = xdg_surface_get_toplevel(xdg_wm_base_get_xdg_surface(client.wmBase, popup.surface))
        assertDisconnected(client, with: WaylandProtocolError(interface: "xdg_wm_base", code: 0))
        try assertStillServing()
    }

    func testAToplevelsSurfaceMayBeAToplevelAgain() throws {
        let client = try connect()
        let first = try configuredToplevel(client)
        xdg_toplevel_destroy(first.toplevel)
        xdg_surface_destroy(first.xdgSurface)
        XCTAssertTrue(client.roundtrip())
        _ = xdg_surface_get_toplevel(xdg_wm_base_get_xdg_surface(client.wmBase, first.surface))
        wl_surface_commit(first.surface)
        XCTAssertTrue(client.roundtrip(), "the same kind of role again is allowed")
    }

    func testAWindowsSurfaceAsTheCursorIsRole() throws {
        let client = try connect()
        let pointer = client.makePointer()
        let toplevel = try configuredToplevel(client)
        wl_pointer_set_cursor(pointer.proxy, 0, toplevel.surface, 0, 0)
        assertDisconnected(client, with: WaylandProtocolError(interface: "wl_pointer", code: 0))
        try assertStillServing()
    }

    func testACursorSurfaceStaysOneAndCannotBecomeASubsurface() throws {
        let client = try connect()
        let pointer = client.makePointer()
        let parent = try configuredToplevel(client)
        let cursor = try XCTUnwrap(wl_compositor_create_surface(client.compositor))
        wl_pointer_set_cursor(pointer.proxy, 0, cursor, 0, 0)
        wl_pointer_set_cursor(pointer.proxy, 0, cursor, 2, 2)
        XCTAssertTrue(client.roundtrip(), "a cursor surface may be the cursor again")
        _ = wl_subcompositor_get_subsurface(client.subcompositor, cursor, parent.surface)
        assertDisconnected(client, with: WaylandProtocolError(interface: "wl_subcompositor", code: 0))
        try assertStillServing()
    }

    func testAWindowsSurfaceAsADragIconIsRole() throws {
        let client = try connect()
        let device = client.makeDataDevice()
        let toplevel = try configuredToplevel(client)
        let source = client.makeDataSource(offering: ["text/plain"])
        wl_data_device_start_drag(device.device, source.source, toplevel.surface, toplevel.surface, 1)
        assertDisconnected(client, with: WaylandProtocolError(interface: "wl_data_device", code: 0))
        try assertStillServing()
    }

    // MARK: wl_subcompositor

    func testSubsurfacesNestedDeeperThan32AreBadSurface() throws {
        let client = try connect()
        var parent = try configuredToplevel(client).surface
        for _ in 0..<32 { parent = client.makeSubsurface(of: parent, x: 0, y: 0).surface }
        XCTAssertTrue(client.roundtrip(), "32 deep is allowed")
        _ = client.makeSubsurface(of: parent, x: 0, y: 0)
        assertDisconnected(client, with: WaylandProtocolError(interface: "wl_subcompositor", code: 0))
        try assertStillServing()
    }

    func testJoiningTwoChainsCountsBothDepths() throws {
        // 16 levels under a surface 16 deep: 32 is allowed; one more is not.
        let client = try connect()
        var top = try configuredToplevel(client).surface
        for _ in 0..<16 { top = client.makeSubsurface(of: top, x: 0, y: 0).surface }
        let root = try XCTUnwrap(wl_compositor_create_surface(client.compositor))
        var leaf = root
        for _ in 0..<15 { leaf = client.makeSubsurface(of: leaf, x: 0, y: 0).surface }
        _ = wl_subcompositor_get_subsurface(client.subcompositor, root, top)
        XCTAssertTrue(client.roundtrip(), "32 deep is allowed")
        _ = client.makeSubsurface(of: leaf, x: 0, y: 0)
        assertDisconnected(client, with: WaylandProtocolError(interface: "wl_subcompositor", code: 0))
        try assertStillServing()
    }

    func testAChainOfSubsurfacesBuiltFromItsLeafCountsItsWholeDepth() throws {
        // Made leaf first, each new link hangs the chain built so far one level deeper.
        let client = try connect()
        let surfaces = (0...33).map { _ in wl_compositor_create_surface(client.compositor)! }
        for i in 0..<32 { _ = wl_subcompositor_get_subsurface(client.subcompositor, surfaces[i], surfaces[i + 1]) }
        XCTAssertTrue(client.roundtrip(), "32 deep is allowed")
        _ = wl_subcompositor_get_subsurface(client.subcompositor, surfaces[32], surfaces[33])
        assertDisconnected(client, with: WaylandProtocolError(interface: "wl_subcompositor", code: 0))
        try assertStillServing()
    }

    // MARK: wl_shm

    func testNegativeBufferWidthIsInvalidStride() throws {
        let client = try connect()
        let pool = try XCTUnwrap(client.makePool(size: 4096))
        _ = pool.makeBuffer(width: -16, height: 16, stride: 64, format: xrgb8888)
        assertDisconnected(client, with: WaylandProtocolError(interface: "wl_shm_pool", code: 1))
        try assertStillServing()
    }

    func testUnknownShmFormatIsInvalidFormat() throws {
        let client = try connect()
        let pool = try XCTUnwrap(client.makePool(size: 4096))
        // fourcc 'AB30', ABGR2101010: a real format Segue does not announce.
        _ = pool.makeBuffer(width: 16, height: 16, stride: 64, format: 0x3033_4241)
        assertDisconnected(client, with: WaylandProtocolError(interface: "wl_shm_pool", code: 0))
        try assertStillServing()
    }

    func testStrideShorterThanFourBytesAPixelIsInvalidSizeOnTheSurface() throws {
        let client = try connect()
        let toplevel = try configuredToplevel(client)
        let pool = try XCTUnwrap(client.makePool(size: width * height * 4))
        // At least one byte a pixel passes libwayland's own check; Segue needs four.
        let buffer = pool.makeBuffer(width: width, height: height, stride: width * 2, format: xrgb8888)
        XCTAssertTrue(client.roundtrip(), "libwayland accepts the buffer")
        client.attach(buffer, to: toplevel)
        client.damage(toplevel, width: width, height: height)
        client.commit(toplevel)
        assertDisconnected(client, with: WaylandProtocolError(interface: "wl_surface", code: 2))
        try assertStillServing()
    }

    func testPoolLargerThanItsFileIsInvalidFdWhenRead() throws {
        do {
            let client = try connect()
            let toplevel = try configuredToplevel(client)
            // libwayland maps the declared size without looking at the file, so the
            // pool is accepted; reading past the file's end is what fails.
            let pool = try XCTUnwrap(client.makePool(size: width * height * 4, fileSize: 4096))
            client.attach(pool.makeBuffer(width: width, height: height, stride: width * 4, format: xrgb8888), to: toplevel)
            client.damage(toplevel, width: width, height: height)
            client.commit(toplevel)
            assertRefusedWhenRead(client, with: WaylandProtocolError(interface: "wl_buffer", code: 2))
        }
        try assertStillServing()
    }

    func testTruncatingACommittedPoolIsInvalidFdWhenReadAgain() throws {
        var client: RawClient! = try connect()
        let toplevel = try configuredToplevel(client)
        let pool = try XCTUnwrap(client.makePool(size: width * height * 4))
        let buffer = pool.makeBuffer(width: width, height: height, stride: width * 4, format: xrgb8888)
        client.attach(buffer, to: toplevel)
        client.damage(toplevel, width: width, height: height)
        client.commit(toplevel)
        XCTAssertTrue(client.roundtrip(), "the whole pool is readable")
        XCTAssertTrue(server.serve { server.windowCount == 1 })

        XCTAssertTrue(pool.truncate(to: 0))
        client.attach(buffer, to: toplevel)
        client.damage(toplevel, width: width, height: height)
        client.commit(toplevel)
        assertRefusedWhenRead(client, with: WaylandProtocolError(interface: "wl_buffer", code: 2))
        client = nil
        try assertStillServing()
    }

    // MARK: wl_buffer lifetime

    func testBufferDestroyedBeforeItsCommitRemovesTheContentWithoutAnError() throws {
        let client = try connect()
        let toplevel = try configuredToplevel(client)
        let pool = try XCTUnwrap(client.makePool(size: width * height * 4 * 2))
        let first = pool.makeBuffer(width: width, height: height, stride: width * 4, format: xrgb8888)
        client.attach(first, to: toplevel)
        client.damage(toplevel, width: width, height: height)
        client.commit(toplevel)
        XCTAssertTrue(client.roundtrip())
        XCTAssertTrue(server.serve { server.windowCount == 1 })

        // Segue treats a pending buffer destroyed before its commit like attaching
        // none: the commit removes the content, and the window unmaps.
        let second = try XCTUnwrap(pool.makeBuffer(offset: width * height * 4, width: width, height: height,
                                                   stride: width * 4, format: xrgb8888))
        client.attach(second, to: toplevel)
        client.destroyBuffer(second)
        client.commit(toplevel)
        XCTAssertTrue(client.roundtrip(), "still connected: \(client.protocolError.map(String.init(describing:)) ?? "")")
        XCTAssertTrue(server.serve { server.windowCount == 0 })
        try assertStillServing()
    }

    func testAttachingADestroyedBufferIsAnInvalidArgument() throws {
        let client = try connect()
        let toplevel = try configuredToplevel(client)
        let pool = try XCTUnwrap(client.makePool(size: width * height * 4))
        let buffer = try XCTUnwrap(pool.makeBuffer(width: width, height: height, stride: width * 4, format: xrgb8888))
        client.sendDestroyKeepingProxy(buffer)
        XCTAssertTrue(client.roundtrip(), "destroying an unused buffer is fine")
        // libwayland itself finds no object behind the id and, before Segue sees the
        // request, refuses it as invalid arguments: wl_display.invalid_method.
        client.attach(buffer, to: toplevel)
        assertDisconnected(client, with: WaylandProtocolError(interface: "wl_display", code: 1))
        try assertStillServing()
    }
}
