import CWaylandClient
import Foundation
import SegueClientSupport
import SegueImaging
@testable import SegueShell
import XCTest

/// The pointer in screen captures, when a capture asks for it
/// (zwlr_screencopy's overlay_cursor, ext-image-copy-capture's
/// paint_cursors): the client's cursor picture with its hotspot at the
/// pointer, the arrow for the standard cursor, nothing where the client hid
/// it; a capture that does not ask never has it.
final class CaptureCursorTests: XCTestCase {
    private var server: InProcessCompositor!
    private let blue = RGBA(0, 0, 200), red = RGBA(220, 0, 0)

    override func setUpWithError() throws {
        let executable = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        server = try InProcessCompositor(placement: .stacked, width: 640, height: 360, trusting: [executable])
    }

    override func tearDown() {
        server?.stop()
    }

    /// A blue window under the pointer at (100, 100).
    private func windowUnderThePointer() throws -> (RawClient, RawPointer) {
        let client = try server.connect()
        let pointer = client.makePointer()
        let toplevel = try client.makeConfiguredToplevel()
        try client.show(RGBAImage(width: 640, height: 360, fill: blue), on: toplevel.surface)
        XCTAssertTrue(client.roundtrip())
        XCTAssertTrue(server.serve { server.windowCount == 1 })
        XCTAssertTrue(server.serve { !server.compositor.navigation.isAnimating }, "its open transition ended")
        server.inject(.pointerMotion(time: 1, x: 100, y: 100))
        XCTAssertTrue(client.dispatch { pointer.focus != nil })
        return (client, pointer)
    }

    /// A wlr screencopy of the whole output, with or without the pointer.
    private func capture(_ client: RawClient, cursor: Bool) throws -> RGBAImage {
        let manager = try XCTUnwrap(client.bind(global: "zwlr_screencopy_manager_v1", segue_client_zwlr_screencopy_manager_v1_interface(),
                                                version: 3))
        let frame = try XCTUnwrap(zwlr_screencopy_manager_v1_capture_output(manager, cursor ? 1 : 0, client.output))
        let heard = CapturedFrame()
        zwlr_screencopy_frame_v1_add_listener(frame, capturedFrameListener, listenerData(heard))
        client.listenedTo.append(heard)
        XCTAssertTrue(client.dispatch { heard.bufferDone })
        let pool = try XCTUnwrap(client.makePool(size: 640 * 360 * 4))
        zwlr_screencopy_frame_v1_copy(frame, pool.makeBuffer(width: 640, height: 360, stride: 640 * 4, format: WL_SHM_FORMAT_XRGB8888.rawValue))
        XCTAssertTrue(client.dispatch { heard.ready || heard.failed })
        return try XCTUnwrap(pool.read(width: 640, height: 360, stride: 640 * 4))
    }

    func testTheClientsCursorPictureIsDrawnAtThePointerOnlyWhenAsked() throws {
        let (client, pointer) = try windowUnderThePointer()
        let cursor = try XCTUnwrap(wl_compositor_create_surface(client.compositor))
        wl_pointer_set_cursor(pointer.proxy, try XCTUnwrap(pointer.lastEnterSerial), cursor, 2, 2)
        try client.show(RGBAImage(width: 16, height: 12, fill: red), on: cursor)
        XCTAssertTrue(client.roundtrip())
        let with = try capture(client, cursor: true)
        XCTAssertEqual(with[98, 98], red, "the picture's top left, its hotspot (2, 2) at the pointer")
        XCTAssertEqual(with[113, 107], red, "its bottom right")
        XCTAssertEqual(with[114, 108], blue, "past it, the window")
        XCTAssertEqual(with[97, 97], blue)
        let without = try capture(client, cursor: false)
        XCTAssertEqual(without[100, 100], blue, "not asked, not drawn")
    }

    func testTheStandardCursorIsDrawnAsTheArrowAndAHiddenOneNotAtAll() throws {
        let (client, pointer) = try windowUnderThePointer()
        let arrow = try capture(client, cursor: true)
        XCTAssertEqual(arrow[100, 103], RGBA(0, 0, 0), "the arrow's outline, below its tip")
        XCTAssertEqual(arrow[101, 103], RGBA(255, 255, 255), "its inside")
        XCTAssertEqual(arrow[111, 103], blue, "the window beside it")
        wl_pointer_set_cursor(pointer.proxy, try XCTUnwrap(pointer.lastEnterSerial), nil, 0, 0)
        XCTAssertTrue(client.roundtrip())
        XCTAssertEqual(try capture(client, cursor: true)[101, 103], blue, "the client hid the pointer")
    }

    /// grim, a real program, with -c and without, its PNG read back.
    private func grim(cursor: Bool) throws -> RGBAImage {
        let runtime = FileManager.default.temporaryDirectory.appendingPathComponent("segue-grim-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: runtime) }
        let path = runtime.appendingPathComponent("shot.png").path
        let grim = try server.launch("grim", (cursor ? ["-c"] : []) + [path], runtime: runtime)
        XCTAssertTrue(server.serve(timeout: .seconds(20)) { !grim.isRunning }, "grim finished")
        XCTAssertEqual(grim.terminationStatus, 0)
        return try PNG.read(path: path)
    }

    func testGrimWithTheCursorHasTheArrowAtThePointerAndWithoutItNone() throws {
        _ = try windowUnderThePointer()
        let with = try grim(cursor: true)
        XCTAssertEqual(with[100, 103], RGBA(0, 0, 0), "grim -c: the arrow's outline, below its tip at the pointer")
        XCTAssertEqual(with[101, 103], RGBA(255, 255, 255), "its inside")
        XCTAssertEqual(with[111, 103], blue)
        let without = try grim(cursor: false)
        XCTAssertEqual(without[101, 103], blue, "grim without -c: no pointer")
    }
}
