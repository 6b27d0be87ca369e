import CWaylandClient
import SegueImaging
import XCTest

/// wlr-layer-shell's errors, each on the object and with the code the
/// protocol names, the client disconnected and Segue serving on. Codes:
/// zwlr_layer_shell_v1 role 0, invalid_layer 1, already_constructed 2;
/// zwlr_layer_surface_v1 invalid_surface_state 0, invalid_size 1,
/// invalid_anchor 2, invalid_keyboard_interactivity 3 (and set_layer's
/// invalid layer as the shell's code 1, as wlroots posts it).
final class LayerShellErrorTests: ProtocolErrorCase {
    private func shell(_ client: RawClient) throws -> OpaquePointer {
        try XCTUnwrap(client.bind(global: "zwlr_layer_shell_v1", segue_client_zwlr_layer_shell_v1_interface(), version: 4))
    }

    private func assertLayerSurfaceError(_ code: UInt32, file: StaticString = #filePath, line: UInt = #line,
                                         _ misuse: (RawClient, RawLayerSurface) throws -> Void) throws {
        let client = try connect()
        let layer = try client.makeLayerSurface(layer: 2) {
            zwlr_layer_surface_v1_set_anchor($0, 1 | 4 | 8)
            zwlr_layer_surface_v1_set_size($0, 0, 30)
        }
        XCTAssertTrue(client.roundtrip(), file: file, line: line)
        try misuse(client, layer)
        assertDisconnected(client, with: WaylandProtocolError(interface: "zwlr_layer_surface_v1", code: code), file: file, line: line)
        try assertStillServing(file: file, line: line)
    }

    func testASurfaceWithAnotherRoleIsRole() throws {
        let client = try connect()
        let toplevel = try configuredToplevel(client)
        _ = zwlr_layer_shell_v1_get_layer_surface(try shell(client), toplevel.surface, nil, 2, "bar")
        assertDisconnected(client, with: WaylandProtocolError(interface: "zwlr_layer_shell_v1", code: 0))
        try assertStillServing()
    }

    func testALayerPastOverlayIsInvalidLayer() throws {
        let client = try connect()
        let surface = try XCTUnwrap(wl_compositor_create_surface(client.compositor))
        _ = zwlr_layer_shell_v1_get_layer_surface(try shell(client), surface, nil, 4, "bar")
        assertDisconnected(client, with: WaylandProtocolError(interface: "zwlr_layer_shell_v1", code: 1))
        try assertStillServing()
    }

    func testASurfaceWithABufferAttachedIsAlreadyConstructed() throws {
        let client = try connect()
        let surface = try XCTUnwrap(wl_compositor_create_surface(client.compositor))
        let pool = try XCTUnwrap(client.makePool(size: 16 * 16 * 4))
        wl_surface_attach(surface, pool.makeBuffer(width: 16, height: 16, stride: 64, format: xrgb8888), 0, 0)
        _ = zwlr_layer_shell_v1_get_layer_surface(try shell(client), surface, nil, 2, "bar")
        assertDisconnected(client, with: WaylandProtocolError(interface: "zwlr_layer_shell_v1", code: 2))
        try assertStillServing()
    }

    func testABufferBeforeTheFirstConfigureIsInvalidSurfaceState() throws {
        let client = try connect()
        let surface = try XCTUnwrap(wl_compositor_create_surface(client.compositor))
        let layer = try XCTUnwrap(zwlr_layer_shell_v1_get_layer_surface(try shell(client), surface, nil, 2, "bar"))
        zwlr_layer_surface_v1_set_size(layer, 16, 16)
        try client.show(RGBAImage(width: 16, height: 16, fill: RGBA(255, 0, 0)), on: surface)
        assertDisconnected(client, with: WaylandProtocolError(interface: "zwlr_layer_surface_v1", code: 0))
        try assertStillServing()
    }

    func testAnUnknownSerialIsInvalidSurfaceState() throws {
        try assertLayerSurfaceError(0) { _, layer in zwlr_layer_surface_v1_ack_configure(layer.layerSurface, 987_654) }
    }

    func testAZeroWidthWithoutLeftAndRightAnchorsIsInvalidSize() throws {
        try assertLayerSurfaceError(1) { _, layer in
            zwlr_layer_surface_v1_set_anchor(layer.layerSurface, 1)
            wl_surface_commit(layer.surface)
        }
    }

    func testAnAnchorPastTheFourEdgesIsInvalidAnchor() throws {
        try assertLayerSurfaceError(2) { _, layer in zwlr_layer_surface_v1_set_anchor(layer.layerSurface, 16) }
    }

    func testAnUnknownKeyboardInteractivityIsInvalidKeyboardInteractivity() throws {
        try assertLayerSurfaceError(3) { _, layer in zwlr_layer_surface_v1_set_keyboard_interactivity(layer.layerSurface, 3) }
    }

    func testSetLayerPastOverlayIsTheShellsInvalidLayer() throws {
        try assertLayerSurfaceError(1) { _, layer in zwlr_layer_surface_v1_set_layer(layer.layerSurface, 9) }
    }
}
