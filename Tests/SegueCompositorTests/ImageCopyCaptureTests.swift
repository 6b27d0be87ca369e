import CWaylandClient
import Foundation
import SegueClientSupport
import SegueEngine
import SegueImaging
import XCTest

/// ext-image-copy-capture with ext-image-capture-source, with a client of our
/// own (Debian 12's grim predates it): an output session copies what `segue
/// msg screenshot` shows, its next frame waits for a change and hears only
/// that; a window session copies a window that is not shown, and stops when
/// it closes; and each misuse is the error its protocol names.
final class ImageCopyCaptureTests: XCTestCase {
    private var compositor: CompositorUnderTest!
    private let blue = RGBA(0x25, 0x63, 0xeb), white = RGBA(255, 255, 255)

    override func tearDown() {
        compositor?.stop()
    }

    /// A compositor that privileges this test, and a client of its showing
    /// `fills` as full-output windows, each with a white marker top left.
    private func start(_ fills: [RGBA]) throws -> (RawClient, [RawToplevel]) {
        let executable = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        compositor = try CompositorUnderTest(arguments: ["--trust", executable])
        let client = try RawClient(socket: compositor.runtime.appendingPathComponent(compositor.socket).path)
        let toplevels = try fills.map { fill in
            let toplevel = try client.makeConfiguredToplevel()
            var image = RGBAImage(width: 640, height: 360, fill: fill)
            image.fill(white, x: 0, y: 0, width: 24, height: 24)
            try client.show(image, on: toplevel.surface)
            XCTAssertTrue(client.roundtrip())
            return toplevel
        }
        _ = try compositor.waitForWindows(fills.count)
        // The last opened shows once its open transition ends.
        XCTAssertTrue(try compositor.waitUntil { try compositor.transitions().isEmpty || compositor.screenshot()[300, 200] == fills.last })
        return (client, toplevels)
    }

    private func manager(_ client: RawClient) throws -> OpaquePointer {
        try XCTUnwrap(client.bind(global: "ext_image_copy_capture_manager_v1", segue_client_ext_image_copy_capture_manager_v1_interface(),
                                  version: 1))
    }

    private func outputSource(_ client: RawClient) throws -> OpaquePointer {
        let sources = try XCTUnwrap(client.bind(global: "ext_output_image_capture_source_manager_v1",
                                                segue_client_ext_output_image_capture_source_manager_v1_interface(), version: 1))
        return try XCTUnwrap(ext_output_image_capture_source_manager_v1_create_source(sources, client.output))
    }

    /// A source of the first window opened, named by its ext_foreign_toplevel_handle_v1, once the list has all `count` windows.
    private func windowSource(_ client: RawClient, ofFirstOf count: Int) throws -> OpaquePointer {
        let list = try XCTUnwrap(client.bind(global: "ext_foreign_toplevel_list_v1", segue_client_ext_foreign_toplevel_list_v1_interface(),
                                             version: 1))
        let handles = HandleList()
        ext_foreign_toplevel_list_v1_add_listener(list, handleListListener, listenerData(handles))
        client.listenedTo.append(handles)
        XCTAssertTrue(client.dispatch { handles.handles.count == count })
        let sources = try XCTUnwrap(client.bind(global: "ext_foreign_toplevel_image_capture_source_manager_v1",
                                                segue_client_ext_foreign_toplevel_image_capture_source_manager_v1_interface(), version: 1))
        return try XCTUnwrap(ext_foreign_toplevel_image_capture_source_manager_v1_create_source(sources, handles.handles[0]))
    }

    private func session(_ client: RawClient, _ source: OpaquePointer) throws -> (OpaquePointer, CaptureSession) {
        let session = try XCTUnwrap(ext_image_copy_capture_manager_v1_create_session(try manager(client), source, 0))
        let heard = CaptureSession()
        ext_image_copy_capture_session_v1_add_listener(session, sessionListener, listenerData(heard))
        client.listenedTo.append(heard)
        XCTAssertTrue(client.dispatch { heard.done || heard.stopped })
        return (session, heard)
    }

    /// A frame of `session` capturing into a new 640×360 XRGB8888 buffer of `pool`.
    /// A frame filled and let go, then a second one, which waits: nothing changed since.
    private func waitingFrame(_ client: RawClient, _ session: OpaquePointer, into pool: RawShmPool) throws -> (OpaquePointer, CaptureFrame) {
        let (first, filled) = try capture(client, session, into: pool)
        XCTAssertTrue(client.dispatch { filled.ready })
        ext_image_copy_capture_frame_v1_destroy(first)
        let (waiting, heard) = try capture(client, session, into: pool)
        XCTAssertTrue(client.roundtrip())
        XCTAssertFalse(heard.ready, "nothing changed: it waits")
        return (waiting, heard)
    }

    private func capture(_ client: RawClient, _ session: OpaquePointer, into pool: RawShmPool,
                         width: Int32 = 640) throws -> (OpaquePointer, CaptureFrame) {
        let frame = try XCTUnwrap(ext_image_copy_capture_session_v1_create_frame(session))
        let heard = CaptureFrame()
        ext_image_copy_capture_frame_v1_add_listener(frame, frameListener, listenerData(heard))
        client.listenedTo.append(heard)
        ext_image_copy_capture_frame_v1_attach_buffer(frame, pool.makeBuffer(width: width, height: 360, stride: width * 4,
                                                                             format: WL_SHM_FORMAT_XRGB8888.rawValue))
        ext_image_copy_capture_frame_v1_damage_buffer(frame, 0, 0, width, 360)
        ext_image_copy_capture_frame_v1_capture(frame)
        return (frame, heard)
    }

    func testAnOutputSessionCopiesWhatMsgScreenshotShowsThenOnlyWhatChanged() throws {
        let (client, toplevels) = try start([blue])
        let (session, heard) = try session(client, try outputSource(client))
        XCTAssertEqual(heard.size.map { [$0.width, $0.height] }, [640, 360])
        XCTAssertEqual(heard.formats, [WL_SHM_FORMAT_XRGB8888.rawValue, WL_SHM_FORMAT_ARGB8888.rawValue])
        let pool = try XCTUnwrap(client.makePool(size: 640 * 360 * 4))
        let (first, frame) = try capture(client, session, into: pool)
        XCTAssertTrue(client.dispatch { frame.ready || frame.failed != nil })
        XCTAssertEqual(frame.damage, [PixelRect(x: 0, y: 0, width: 640, height: 360)], "all of it, the first time")
        XCTAssertEqual(frame.transform, 0)
        let copied = try XCTUnwrap(pool.read(width: 640, height: 360, stride: 640 * 4))
        XCTAssertEqual(copied[2, 2], white, "the marker, top left")
        let screen = try compositor.screenshot()
        XCTAssertEqual(copied[320, 200], screen[320, 200])
        XCTAssertEqual(copied[639, 359], blue)
        ext_image_copy_capture_frame_v1_destroy(first)

        // The next frame waits for a change, and hears only the square redrawn.
        let (_, next) = try capture(client, session, into: pool)
        XCTAssertTrue(client.roundtrip())
        XCTAssertFalse(next.ready, "nothing changed yet: it waits")
        var image = RGBAImage(width: 640, height: 360, fill: blue)
        image.fill(white, x: 0, y: 0, width: 24, height: 24)
        image.fill(RGBA(250, 200, 0), x: 100, y: 50, width: 32, height: 32)
        try client.show(image, on: toplevels[0].surface, damage: PixelRect(x: 100, y: 50, width: 32, height: 32))
        XCTAssertTrue(client.dispatch { next.ready })
        XCTAssertEqual(next.damage, [PixelRect(x: 100, y: 50, width: 32, height: 32)])
        XCTAssertEqual(try XCTUnwrap(pool.read(width: 640, height: 360, stride: 640 * 4))[110, 60], RGBA(250, 200, 0))
        XCTAssertGreaterThan(next.presented ?? 0, frame.presented ?? .max)
    }

    func testAWindowSessionCopiesAWindowNotShownAndStopsWhenItCloses() throws {
        let green = RGBA(0, 160, 0)
        let (client, toplevels) = try start([green, blue])
        XCTAssertEqual(try compositor.screenshot()[320, 200], blue, "the second window shows")
        let (session, heard) = try session(client, try windowSource(client, ofFirstOf: 2))
        XCTAssertEqual(heard.size.map { [$0.width, $0.height] }, [640, 360])
        let pool = try XCTUnwrap(client.makePool(size: 640 * 360 * 4))
        let (_, frame) = try capture(client, session, into: pool)
        XCTAssertTrue(client.dispatch { frame.ready || frame.failed != nil })
        XCTAssertTrue(frame.ready)
        let copied = try XCTUnwrap(pool.read(width: 640, height: 360, stride: 640 * 4))
        XCTAssertEqual(copied[2, 2], white, "the hidden window's marker")
        XCTAssertEqual(copied[320, 200], green, "the hidden window, not the screen")
        xdg_toplevel_destroy(toplevels[0].toplevel)
        XCTAssertTrue(client.dispatch { heard.stopped }, "its window closed: the session stops")
    }

    func testAWindowThatChangesSizeUnderAWaitingFrameFailsItAndTellsTheNewSize() throws {
        let (client, toplevels) = try start([blue])
        let (session, heard) = try session(client, try windowSource(client, ofFirstOf: 1))
        let pool = try XCTUnwrap(client.makePool(size: 640 * 360 * 4))
        let (_, waiting) = try waitingFrame(client, session, into: pool)
        // The window commits a smaller buffer: the frame's 640×360 buffer no longer fits.
        try client.show(RGBAImage(width: 320, height: 200, fill: blue), on: toplevels[0].surface)
        XCTAssertTrue(client.dispatch { waiting.failed != nil })
        XCTAssertEqual(waiting.failed, 1, "buffer_constraints")
        XCTAssertEqual(heard.size.map { [$0.width, $0.height] }, [320, 200], "the new size told")
    }

    func testAWaitingFrameDestroyedMakesRoomForAnother() throws {
        let (client, _) = try start([blue])
        let (session, _) = try session(client, try outputSource(client))
        let pool = try XCTUnwrap(client.makePool(size: 640 * 360 * 4))
        let (waiting, _) = try waitingFrame(client, session, into: pool)
        ext_image_copy_capture_frame_v1_destroy(waiting)
        _ = try capture(client, session, into: pool)
        XCTAssertTrue(client.roundtrip(), "no duplicate_frame: the waiting one went")
    }

    func testABufferOfAnotherSizeFailsWithBufferConstraints() throws {
        let (client, _) = try start([blue])
        let (session, _) = try session(client, try outputSource(client))
        let pool = try XCTUnwrap(client.makePool(size: 640 * 360 * 4))
        let (_, frame) = try capture(client, session, into: pool, width: 320)
        XCTAssertTrue(client.dispatch { frame.failed != nil })
        XCTAssertEqual(frame.failed, 1, "buffer_constraints; no protocol error")
    }

    func testCaptureWithoutABufferIsNoBuffer() throws {
        let (client, _) = try start([blue])
        let (session, _) = try session(client, try outputSource(client))
        ext_image_copy_capture_frame_v1_capture(try XCTUnwrap(ext_image_copy_capture_session_v1_create_frame(session)))
        XCTAssertFalse(client.roundtrip())
        XCTAssertEqual(client.protocolError, WaylandProtocolError(interface: "ext_image_copy_capture_frame_v1", code: 1))
        XCTAssertNoThrow(try compositor.windows(), "Segue serves on")
    }

    func testNegativeDamageIsInvalidBufferDamage() throws {
        let (client, _) = try start([blue])
        let (session, _) = try session(client, try outputSource(client))
        ext_image_copy_capture_frame_v1_damage_buffer(try XCTUnwrap(ext_image_copy_capture_session_v1_create_frame(session)), -1, 0, 10, 10)
        XCTAssertFalse(client.roundtrip())
        XCTAssertEqual(client.protocolError, WaylandProtocolError(interface: "ext_image_copy_capture_frame_v1", code: 2))
    }

    func testCapturingTwiceIsAlreadyCaptured() throws {
        let (client, _) = try start([blue])
        let (session, _) = try session(client, try outputSource(client))
        let pool = try XCTUnwrap(client.makePool(size: 640 * 360 * 4))
        let (frame, _) = try capture(client, session, into: pool)
        ext_image_copy_capture_frame_v1_capture(frame)
        XCTAssertFalse(client.roundtrip())
        XCTAssertEqual(client.protocolError, WaylandProtocolError(interface: "ext_image_copy_capture_frame_v1", code: 3))
    }

    func testASecondLiveFrameIsDuplicateFrame() throws {
        let (client, _) = try start([blue])
        let (session, _) = try session(client, try outputSource(client))
        _ = ext_image_copy_capture_session_v1_create_frame(session)
        _ = ext_image_copy_capture_session_v1_create_frame(session)
        XCTAssertFalse(client.roundtrip())
        XCTAssertEqual(client.protocolError, WaylandProtocolError(interface: "ext_image_copy_capture_session_v1", code: 1))
    }

    func testAnUnknownOptionIsInvalidOption() throws {
        let (client, _) = try start([blue])
        _ = ext_image_copy_capture_manager_v1_create_session(try manager(client), try outputSource(client), 2)
        XCTAssertFalse(client.roundtrip())
        XCTAssertEqual(client.protocolError, WaylandProtocolError(interface: "ext_image_copy_capture_manager_v1", code: 1))
    }
}

/// What an ext_image_copy_capture_session_v1 said.
private final class CaptureSession {
    var size: (width: UInt32, height: UInt32)?
    var formats: [UInt32] = []
    var done = false
    var stopped = false
}

/// What an ext_image_copy_capture_frame_v1 said.
private final class CaptureFrame {
    var transform: UInt32?
    var damage: [PixelRect] = []
    /// Nanoseconds, as presentation_time said.
    var presented: UInt64?
    var ready = false
    var failed: UInt32?
}

/// The handles an ext_foreign_toplevel_list_v1 gave, in order.
private final class HandleList {
    var handles: [OpaquePointer] = []
}

private nonisolated(unsafe) let sessionListener = fixedListener(ext_image_copy_capture_session_v1_listener(
    buffer_size: { data, _, width, height in (listenerObject(data) as CaptureSession).size = (width, height) },
    shm_format: { data, _, format in (listenerObject(data) as CaptureSession).formats.append(format) },
    dmabuf_device: { _, _, _ in },
    dmabuf_format: { _, _, _, _ in },
    done: { data, _ in (listenerObject(data) as CaptureSession).done = true },
    stopped: { data, _ in (listenerObject(data) as CaptureSession).stopped = true }
))

private nonisolated(unsafe) let frameListener = fixedListener(ext_image_copy_capture_frame_v1_listener(
    transform: { data, _, transform in (listenerObject(data) as CaptureFrame).transform = transform },
    damage: { data, _, x, y, width, height in
        (listenerObject(data) as CaptureFrame).damage.append(PixelRect(x: Int(x), y: Int(y), width: Int(width), height: Int(height)))
    },
    presentation_time: { data, _, high, low, nanoseconds in
        (listenerObject(data) as CaptureFrame).presented = ((UInt64(high) << 32 | UInt64(low)) * 1_000_000_000) + UInt64(nanoseconds)
    },
    ready: { data, _ in (listenerObject(data) as CaptureFrame).ready = true },
    failed: { data, _, reason in (listenerObject(data) as CaptureFrame).failed = reason }
))

private nonisolated(unsafe) let handleListListener = fixedListener(ext_foreign_toplevel_list_v1_listener(
    toplevel: { data, _, handle in if let handle { (listenerObject(data) as HandleList).handles.append(handle) } },
    finished: { _, _ in }
))
