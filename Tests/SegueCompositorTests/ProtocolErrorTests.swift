import CWaylandClient
import Foundation
import SegueEngine
import SegueImaging
import XCTest

/// A client that breaks the protocol gets the error the protocol names, on the
/// object it names, and is disconnected; the compositor goes on serving others.
/// In process (InProcessCompositor), with Segue's own stacked placement.
/// Codes are the protocol XML's: wl_shm's error enum is invalid_format 0,
/// invalid_stride 1, invalid_fd 2, and libwayland posts its own wl_shm checks on
/// the wl_shm_pool the request was made on.
final class ProtocolErrorTests: XCTestCase {
    private var server: InProcessCompositor!

    /// The output's size, which every toplevel is configured to.
    private let width: Int32 = 640, height: Int32 = 360
    private let xrgb8888 = WL_SHM_FORMAT_XRGB8888.rawValue

    override func setUpWithError() throws {
        server = try InProcessCompositor(placement: .stacked, width: Int(width), height: Int(height))
    }

    override func tearDown() {
        server?.stop()
    }

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

    // MARK: Helpers

    private func connect() throws -> RawClient {
        try server.connect()
    }

    /// A toplevel whose first configure is acknowledged: ready for buffers.
    private func configuredToplevel(_ client: RawClient) throws -> RawToplevel {
        try client.makeConfiguredToplevel()
    }

    /// The client's last requests broke the protocol: it hears `expected`, and the
    /// compositor closes the connection.
    private func assertDisconnected(_ client: RawClient, with expected: WaylandProtocolError,
                                    file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertFalse(client.roundtrip(), "the compositor answered as if nothing were wrong", file: file, line: line)
        XCTAssertEqual(client.protocolError, expected, file: file, line: line)
        XCTAssertTrue(client.connectionClosed(), "the compositor closed the connection", file: file, line: line)
    }

    /// A buffer is read when its pixels are taken, after the client's own
    /// requests: the error reaches the client, which then hangs up, as a
    /// libwayland client does on a fatal error (as with weston, a client
    /// that stays connected is let go at its next request).
    private func assertRefusedWhenRead(_ client: RawClient, with expected: WaylandProtocolError,
                                       file: StaticString = #filePath, line: UInt = #line) {
        _ = client.dispatch(until: { false }, timeout: .seconds(5))
        XCTAssertEqual(client.protocolError, expected, "the compositor answered as if nothing were wrong", file: file, line: line)
    }

    /// The compositor survived: a well-behaved client connects and maps the only window.
    private func assertStillServing(file: StaticString = #filePath, line: UInt = #line) throws {
        let client = try connect()
        let toplevel = try client.makeConfiguredToplevel()
        try client.show(RGBAImage(width: Int(width), height: Int(height), fill: RGBA(0x16, 0xa3, 0x4a)), on: toplevel.surface)
        XCTAssertTrue(client.roundtrip(), file: file, line: line)
        XCTAssertTrue(server.serve { server.windowCount == 1 }, "the well-behaved client's window is the only one", file: file, line: line)
    }
}
