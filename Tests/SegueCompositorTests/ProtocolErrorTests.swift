import CWaylandClient
import Foundation
import SegueEngine
import SegueImaging
import XCTest

/// xdg_shell and xdg-decoration requests that break the protocol (`ProtocolErrorCase`).
final class ProtocolErrorTests: ProtocolErrorCase {
    // MARK: xdg_shell

    func testAckingASerialNeverSentIsInvalidSerial() throws {
        let client = try connect()
        let toplevel = client.makeToplevel()
        XCTAssertTrue(client.roundtrip())
        let sent = try XCTUnwrap(toplevel.lastConfigureSerial)
        client.ackConfigure(toplevel, serial: sent &+ 1000)
        assertDisconnected(client, with: WaylandProtocolError(interface: "xdg_surface", code: 4))
        try assertStillServing()
    }

    func testNegativeWindowGeometryIsInvalidSize() throws {
        let client = try connect()
        let toplevel = client.makeToplevel()
        client.setWindowGeometry(toplevel, x: 0, y: 0, width: -5, height: 10)
        assertDisconnected(client, with: WaylandProtocolError(interface: "xdg_surface", code: 5))
        try assertStillServing()
    }

    func testNegativePositionerSizeIsInvalidInput() throws {
        let client = try connect()
        xdg_positioner_set_size(client.makePositioner(), -1, 5)
        assertDisconnected(client, with: WaylandProtocolError(interface: "xdg_positioner", code: 0))
        try assertStillServing()
    }

    func testBufferAttachedBeforeAnyConfigureIsUnconfiguredBuffer() throws {
        let client = try connect()
        let surface = try XCTUnwrap(wl_compositor_create_surface(client.compositor))
        let xdgSurface = try XCTUnwrap(xdg_wm_base_get_xdg_surface(client.wmBase, surface))
        _ = xdg_surface_get_toplevel(xdgSurface)
        let pool = try XCTUnwrap(client.makePool(size: width * height * 4))
        // No initial commit, so no configure: the attach alone is the error.
        wl_surface_attach(surface, pool.makeBuffer(width: width, height: height, stride: width * 4, format: xrgb8888), 0, 0)
        assertDisconnected(client, with: WaylandProtocolError(interface: "xdg_surface", code: 3))
        try assertStillServing()
    }

    func testXdgSurfaceForASurfaceWithAnAttachedBufferIsInvalidSurfaceState() throws {
        let client = try connect()
        let surface = try XCTUnwrap(wl_compositor_create_surface(client.compositor))
        let pool = try XCTUnwrap(client.makePool(size: width * height * 4))
        wl_surface_attach(surface, pool.makeBuffer(width: width, height: height, stride: width * 4, format: xrgb8888), 0, 0)
        client.getXdgSurface(for: surface)
        assertDisconnected(client, with: WaylandProtocolError(interface: "xdg_wm_base", code: 4))
        try assertStillServing()
    }

    func testBufferFollowingAConfigureNotYetAcknowledgedMapsTheWindow() throws {
        let client = try connect()
        let toplevel = client.makeToplevel()
        XCTAssertTrue(client.roundtrip())
        XCTAssertNotNil(toplevel.lastConfigureSerial)
        // The client raced the configure: it commits a buffer without acknowledging it, as mutter allows.
        let pool = try XCTUnwrap(client.makePool(size: width * height * 4))
        client.attach(pool.makeBuffer(width: width, height: height, stride: width * 4, format: xrgb8888), to: toplevel)
        client.damage(toplevel, width: width, height: height)
        client.commit(toplevel)
        XCTAssertTrue(client.roundtrip(), "the client was disconnected")
        XCTAssertTrue(server.serve { server.windowCount == 1 })
    }

    func testDestroyingXdgWmBaseWhileItsSurfacesLiveIsDefunctSurfaces() throws {
        let client = try connect()
        _ = client.makeToplevel()
        client.sendDestroyKeepingProxy(try XCTUnwrap(client.wmBase))
        assertDisconnected(client, with: WaylandProtocolError(interface: "xdg_wm_base", code: 1))
        try assertStillServing()
    }

    func testSecondXdgSurfaceForAToplevelIsRole() throws {
        let client = try connect()
        let toplevel = client.makeToplevel()
        client.getXdgSurface(for: toplevel.surface)
        assertDisconnected(client, with: WaylandProtocolError(interface: "xdg_wm_base", code: 0))
        try assertStillServing()
    }

    func testXdgSurfaceForASurfaceWithABufferIsInvalidSurfaceStateOnXdgWmBase() throws {
        let client = try connect()
        let surface = try XCTUnwrap(wl_compositor_create_surface(client.compositor))
        let pool = try XCTUnwrap(client.makePool(size: width * height * 4))
        wl_surface_attach(surface, pool.makeBuffer(width: width, height: height, stride: width * 4, format: xrgb8888), 0, 0)
        wl_surface_commit(surface)
        XCTAssertTrue(client.roundtrip(), "a plain surface may show a buffer")
        client.getXdgSurface(for: surface)
        // xdg_wm_base.error.invalid_surface_state, not xdg_surface's unconfigured_buffer (3, invalid_popup_parent here).
        assertDisconnected(client, with: WaylandProtocolError(interface: "xdg_wm_base", code: 4))
        try assertStillServing()
    }

    func testAPopupWithAnIncompletePositionerIsInvalidPositioner() throws {
        let client = try connect()
        let parent = try client.makeConfiguredToplevel()
        let surface = try XCTUnwrap(wl_compositor_create_surface(client.compositor))
        let xdgSurface = try XCTUnwrap(xdg_wm_base_get_xdg_surface(client.wmBase, surface))
        // No size and no anchor rectangle.
        _ = xdg_surface_get_popup(xdgSurface, parent.xdgSurface, try XCTUnwrap(client.makePositioner()))
        assertDisconnected(client, with: WaylandProtocolError(interface: "xdg_wm_base", code: 5))
        try assertStillServing()
    }

    func testCommittingAnXdgSurfaceBeforeItHasARoleObjectIsNotConstructed() throws {
        let client = try connect()
        let surface = try XCTUnwrap(wl_compositor_create_surface(client.compositor))
        client.getXdgSurface(for: surface)
        wl_surface_commit(surface)
        assertDisconnected(client, with: WaylandProtocolError(interface: "xdg_surface", code: 1))
        try assertStillServing()
    }

    func testASecondToplevelForOneXdgSurfaceIsAlreadyConstructed() throws {
        let client = try connect()
        let toplevel = client.makeToplevel()
        _ = xdg_surface_get_toplevel(toplevel.xdgSurface)
        assertDisconnected(client, with: WaylandProtocolError(interface: "xdg_surface", code: 2))
        try assertStillServing()
    }

    func testDestroyingAnXdgSurfaceBeforeItsToplevelIsDefunctRoleObject() throws {
        let client = try connect()
        let toplevel = client.makeToplevel()
        client.sendDestroyKeepingProxy(toplevel.xdgSurface)
        assertDisconnected(client, with: WaylandProtocolError(interface: "xdg_surface", code: 6))
        try assertStillServing()
    }

    func testAResizeEdgeOutsideTheEnumIsInvalidResizeEdge() throws {
        let client = try connect()
        let toplevel = try client.makeConfiguredToplevel()
        xdg_toplevel_resize(toplevel.toplevel, client.seat, 1, 11)
        assertDisconnected(client, with: WaylandProtocolError(interface: "xdg_toplevel", code: 0))
        try assertStillServing()
    }

    func testAParentThatIsAChildOfTheToplevelIsInvalidParent() throws {
        let client = try connect()
        let parent = client.makeToplevel(), child = client.makeToplevel()
        xdg_toplevel_set_parent(child.toplevel, parent.toplevel)
        XCTAssertTrue(client.roundtrip(), "a dialog's parent is fine")
        xdg_toplevel_set_parent(parent.toplevel, child.toplevel)
        assertDisconnected(client, with: WaylandProtocolError(interface: "xdg_toplevel", code: 1))
        try assertStillServing()
    }

    func testANegativeMinimumSizeIsInvalidSize() throws {
        let client = try connect()
        let toplevel = client.makeToplevel()
        xdg_toplevel_set_min_size(toplevel.toplevel, -1, 100)
        assertDisconnected(client, with: WaylandProtocolError(interface: "xdg_toplevel", code: 2))
        try assertStillServing()
    }

    func testAMaximumBelowTheMinimumIsInvalidSizeWhenCommitted() throws {
        let client = try connect()
        let toplevel = try client.makeConfiguredToplevel()
        xdg_toplevel_set_min_size(toplevel.toplevel, 400, 300)
        xdg_toplevel_set_max_size(toplevel.toplevel, 200, 0)
        XCTAssertTrue(client.roundtrip(), "limits take effect at the commit")
        client.commit(toplevel)
        assertDisconnected(client, with: WaylandProtocolError(interface: "xdg_toplevel", code: 2))
        try assertStillServing()
    }

    // MARK: xdg-decoration

    private func decorationManager(_ client: RawClient) throws -> OpaquePointer {
        try XCTUnwrap(client.bind(global: "zxdg_decoration_manager_v1", segue_client_zxdg_decoration_manager_v1_interface(), version: 1))
    }

    func testASecondDecorationForAToplevelIsAlreadyConstructed() throws {
        let client = try connect()
        let manager = try decorationManager(client)
        let toplevel = client.makeToplevel()
        _ = zxdg_decoration_manager_v1_get_toplevel_decoration(manager, toplevel.toplevel)
        XCTAssertTrue(client.roundtrip(), "the first is fine")
        _ = zxdg_decoration_manager_v1_get_toplevel_decoration(manager, toplevel.toplevel)
        assertDisconnected(client, with: WaylandProtocolError(interface: "zxdg_toplevel_decoration_v1", code: 1))
        try assertStillServing()
    }

    func testADecorationForAToplevelWithABufferIsUnconfiguredBuffer() throws {
        let client = try connect()
        let manager = try decorationManager(client)
        let toplevel = try configuredToplevel(client)
        try client.show(RGBAImage(width: Int(width), height: Int(height), fill: RGBA(0, 0, 200)), on: toplevel.surface)
        XCTAssertTrue(client.roundtrip())
        _ = zxdg_decoration_manager_v1_get_toplevel_decoration(manager, toplevel.toplevel)
        assertDisconnected(client, with: WaylandProtocolError(interface: "zxdg_toplevel_decoration_v1", code: 0))
        try assertStillServing()
    }

    func testDestroyingAToplevelBeforeItsDecorationIsOrphaned() throws {
        let client = try connect()
        let manager = try decorationManager(client)
        let toplevel = client.makeToplevel()
        _ = zxdg_decoration_manager_v1_get_toplevel_decoration(manager, toplevel.toplevel)
        XCTAssertTrue(client.roundtrip())
        client.sendDestroyKeepingProxy(toplevel.toplevel)
        assertDisconnected(client, with: WaylandProtocolError(interface: "zxdg_toplevel_decoration_v1", code: 2))
        try assertStillServing()
    }

    func testDestroyingTheDecorationFirstThenItsToplevelIsFine() throws {
        let client = try connect()
        let manager = try decorationManager(client)
        let toplevel = client.makeToplevel()
        let decoration = zxdg_decoration_manager_v1_get_toplevel_decoration(manager, toplevel.toplevel)
        XCTAssertTrue(client.roundtrip())
        zxdg_toplevel_decoration_v1_destroy(decoration)
        client.sendDestroyKeepingProxy(toplevel.toplevel)
        XCTAssertTrue(client.roundtrip())
        XCTAssertNil(client.protocolError)
    }
}
