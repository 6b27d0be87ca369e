import CWaylandClient
import SegueBackend
import SegueImaging
import XCTest

/// wp_cursor_shape_v1: the client under the pointer names a shape, answering
/// its last enter, and the backend is told that name ("default" is the
/// standard arrow); an old serial changes nothing; a shape past the enum is
/// invalid_shape.
final class CursorShapeTests: XCTestCase {
    private var server: InProcessCompositor!

    override func setUpWithError() throws {
        server = try InProcessCompositor(placement: .stacked, width: 640, height: 360)
    }

    override func tearDown() {
        server?.stop()
    }

    /// A window under the pointer, and a shape device for the client's pointer.
    private func shapeDevice() throws -> (RawClient, RawPointer, OpaquePointer) {
        let client = try server.connect()
        let pointer = client.makePointer()
        let toplevel = try client.makeConfiguredToplevel()
        try client.show(RGBAImage(width: 640, height: 360, fill: RGBA(0, 0, 200)), on: toplevel.surface)
        XCTAssertTrue(client.roundtrip())
        XCTAssertTrue(server.serve { server.windowCount == 1 })
        server.inject(.pointerMotion(time: 1, x: 100, y: 100))
        XCTAssertTrue(client.dispatch { pointer.focus != nil })
        let manager = try XCTUnwrap(client.bind(global: "wp_cursor_shape_manager_v1", segue_client_wp_cursor_shape_manager_v1_interface(),
                                                version: 1))
        return (client, pointer, try XCTUnwrap(wp_cursor_shape_manager_v1_get_pointer(manager, pointer.proxy)))
    }

    func testANamedShapeReachesTheBackendAndDefaultIsTheStandardArrow() throws {
        let (client, pointer, device) = try shapeDevice()
        let serial = try XCTUnwrap(pointer.lastEnterSerial)
        wp_cursor_shape_device_v1_set_shape(device, serial, WP_CURSOR_SHAPE_DEVICE_V1_SHAPE_TEXT.rawValue)
        XCTAssertTrue(client.roundtrip())
        XCTAssertEqual(server.backend.cursor, .named("text"))
        wp_cursor_shape_device_v1_set_shape(device, serial, WP_CURSOR_SHAPE_DEVICE_V1_SHAPE_EW_RESIZE.rawValue)
        XCTAssertTrue(client.roundtrip())
        XCTAssertEqual(server.backend.cursor, .named("ew-resize"))
        wp_cursor_shape_device_v1_set_shape(device, serial, WP_CURSOR_SHAPE_DEVICE_V1_SHAPE_DEFAULT.rawValue)
        XCTAssertTrue(client.roundtrip())
        XCTAssertEqual(server.backend.cursor, .standard)
        // A shape answering an older enter changes nothing.
        wp_cursor_shape_device_v1_set_shape(device, serial &- 1, WP_CURSOR_SHAPE_DEVICE_V1_SHAPE_WAIT.rawValue)
        XCTAssertTrue(client.roundtrip())
        XCTAssertEqual(server.backend.cursor, .standard)
    }

    func testAShapePastTheEnumIsInvalidShape() throws {
        let (client, pointer, device) = try shapeDevice()
        wp_cursor_shape_device_v1_set_shape(device, try XCTUnwrap(pointer.lastEnterSerial), 35)
        XCTAssertFalse(client.roundtrip())
        XCTAssertEqual(client.protocolError, WaylandProtocolError(interface: "wp_cursor_shape_device_v1", code: 1))
        XCTAssertTrue(server.serve { server.windowCount == 0 }, "its window went with it; Segue serves on")
    }
}
