import CWaylandClient
import Foundation
import SegueClientSupport
import SegueEngine
import SegueImaging
import XCTest

/// wlr-screencopy: grim's screenshots equal `segue msg screenshot`, whole or
/// a region; a client of our own hears what changed between its copies; a
/// client Segue does not privilege sees no screencopy at all; and a frame
/// misused is the protocol error it names.
final class ScreencopyTests: XCTestCase {
    private var compositor: CompositorUnderTest!
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("segue-screencopy-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDown() {
        compositor?.stop()
        try? FileManager.default.removeItem(at: folder)
    }

    /// The window shown while grim runs: still, so grim's picture and the screenshot after it agree.
    private var window: (client: RawClient, toplevel: RawToplevel)?

    /// A compositor that privileges `executables`, showing a still window with a white marker top left.
    private func start(privileging executables: [String]) throws {
        compositor = try CompositorUnderTest(arguments: executables.flatMap { ["--trust", $0] })
        let client = try RawClient(socket: compositor.runtime.appendingPathComponent(compositor.socket).path)
        let toplevel = try client.makeConfiguredToplevel()
        var image = RGBAImage(width: 640, height: 360, fill: RGBA(0x25, 0x63, 0xeb))
        image.fill(RGBA(255, 255, 255), x: 0, y: 0, width: 24, height: 24)
        image.fill(RGBA(250, 200, 0), x: 300, y: 150, width: 40, height: 40)
        try client.show(image, on: toplevel.surface)
        XCTAssertTrue(client.roundtrip())
        window = (client, toplevel)
        _ = try compositor.waitForWindows(1)
    }

    private func assertClose(_ image: RGBAImage, _ expected: RGBAImage, at origin: (x: Int, y: Int) = (0, 0),
                             file: StaticString = #filePath, line: UInt = #line) {
        for y in 0..<image.height {
            for x in 0..<image.width {
                let a = image[x, y], b = expected[origin.x + x, origin.y + y]
                if abs(Int(a.r) - Int(b.r)) > 2 || abs(Int(a.g) - Int(b.g)) > 2 || abs(Int(a.b) - Int(b.b)) > 2 {
                    return XCTFail("(\(x), \(y)): \(a), the screen shows \(b)", file: file, line: line)
                }
            }
        }
    }

    func testGrimWritesWhatMsgScreenshotShows() throws {
        let grim = try installedProgram("grim")
        try start(privileging: [grim])
        let path = folder.appendingPathComponent("grim.png").path
        _ = try compositor.run("grim", [path])
        let shot = try PNG.read(path: path)
        let screen = try compositor.screenshot()
        XCTAssertEqual(shot.width, screen.width)
        XCTAssertEqual(shot.height, screen.height)
        assertClose(shot, screen)
        XCTAssertEqual(shot[2, 2], RGBA(255, 255, 255), "the marker, top left")
        XCTAssertEqual(shot[637, 357], RGBA(0x25, 0x63, 0xeb))
    }

    func testGrimWithARegionWritesThatRectangle() throws {
        try start(privileging: [try installedProgram("grim")])
        let path = folder.appendingPathComponent("region.png").path
        _ = try compositor.run("grim", ["-g", "10,20 100x50", path])
        let shot = try PNG.read(path: path)
        XCTAssertEqual(shot.width, 100)
        XCTAssertEqual(shot.height, 50)
        assertClose(shot, try compositor.screenshot(), at: (10, 20))
    }

    func testAClientSegueDoesNotPrivilegeSeesNoScreencopy() throws {
        try start(privileging: [])
        let path = folder.appendingPathComponent("refused.png").path
        XCTAssertThrowsError(try compositor.run("grim", [path])) { error in
            XCTAssertTrue("\(error)".contains("screencopy"), "\(error)")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: path))
    }

    func testWfRecorderRecordsEveryFrameOfATransition() throws {
        compositor = try CompositorUnderTest(size: "320x180", arguments: ["--trust", try installedProgram("wf-recorder")])
        let client = try RawClient(socket: compositor.runtime.appendingPathComponent(compositor.socket).path)
        for colour in [RGBA(200, 0, 0), RGBA(0, 0, 200)] {
            let toplevel = try client.makeConfiguredToplevel()
            try client.show(RGBAImage(width: 320, height: 180, fill: colour), on: toplevel.surface)
            XCTAssertTrue(client.roundtrip())
        }
        _ = try compositor.waitForWindows(2)
        // Raw frames in NUT: the file's size counts them.
        let path = folder.appendingPathComponent("recording.nut").path
        let said = LineCollector()
        let recorder = try compositor.launch("wf-recorder", ["-f", path, "-c", "rawvideo"], errors: said.pipe.fileHandleForWriting)
        let deadline = Date().addingTimeInterval(15)
        while !said.lines.contains(where: { $0.contains("Output #0") }), Date() < deadline { usleep(20_000) }
        usleep(300_000)
        let switched = try compositor.send(.switchWindow(target: .window(id: 1), effect: "crossfade", wait: true))
        guard case .number(let frames)? = switched.payload["frames"] else { return XCTFail("no frame count: \(switched.payload)") }
        usleep(300_000)
        // It stops at its next frame, which an idle screen never brings: then it is killed, its frames written.
        kill(recorder.processIdentifier, SIGINT)
        let stopping = Date().addingTimeInterval(2)
        while recorder.isRunning, Date() < stopping { usleep(20_000) }
        if recorder.isRunning { kill(recorder.processIdentifier, SIGKILL) }
        let size = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
        let recorded = size / (320 * 180 * 4)
        XCTAssertLessThanOrEqual(abs(recorded - Int(frames)), 2, "\(recorded) frames recorded, \(Int(frames)) presented")
    }

    /// This test process, privileged, with a window of its own filling the output.
    private func ownWindow() throws -> (RawClient, RawToplevel) {
        let executable = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        compositor = try CompositorUnderTest(arguments: ["--trust", executable])
        let client = try RawClient(socket: compositor.runtime.appendingPathComponent(compositor.socket).path)
        let toplevel = try client.makeConfiguredToplevel()
        try client.show(RGBAImage(width: 640, height: 360, fill: RGBA(0, 0, 200)), on: toplevel.surface)
        XCTAssertTrue(client.roundtrip())
        _ = try compositor.waitForWindows(1)
        return (client, toplevel)
    }

    private func captureFrame(_ client: RawClient, _ manager: OpaquePointer) throws -> (OpaquePointer, CapturedFrame) {
        let frame = try XCTUnwrap(zwlr_screencopy_manager_v1_capture_output(manager, 0, client.output))
        let events = CapturedFrame()
        zwlr_screencopy_frame_v1_add_listener(frame, capturedFrameListener, listenerData(events))
        client.listenedTo.append(events)
        XCTAssertTrue(client.dispatch { events.bufferDone })
        return (frame, events)
    }

    func testCopyWithDamageHearsWhatAWindowRedrewSinceTheLastCopy() throws {
        let (client, toplevel) = try ownWindow()
        let manager = try XCTUnwrap(client.bind(global: "zwlr_screencopy_manager_v1",
                                                segue_client_zwlr_screencopy_manager_v1_interface(), version: 3))
        let pool = try XCTUnwrap(client.makePool(size: 640 * 360 * 4))
        let (first, heard) = try captureFrame(client, manager)
        XCTAssertEqual(heard.format, WL_SHM_FORMAT_XRGB8888.rawValue)
        XCTAssertEqual(heard.size?.width, 640)
        XCTAssertEqual(heard.size?.stride, 640 * 4)
        zwlr_screencopy_frame_v1_copy_with_damage(first, pool.makeBuffer(width: 640, height: 360, stride: 640 * 4,
                                                                          format: WL_SHM_FORMAT_XRGB8888.rawValue))
        XCTAssertTrue(client.dispatch { heard.ready })
        XCTAssertEqual(heard.damage, [PixelRect(x: 0, y: 0, width: 640, height: 360)], "all of it, before any copy")

        // A 32×32 square redrawn: the next copy with damage hears that square alone.
        var image = RGBAImage(width: 640, height: 360, fill: RGBA(0, 0, 200))
        image.fill(RGBA(250, 200, 0), x: 100, y: 50, width: 32, height: 32)
        let (second, heardAgain) = try captureFrame(client, manager)
        zwlr_screencopy_frame_v1_copy_with_damage(second, pool.makeBuffer(width: 640, height: 360, stride: 640 * 4,
                                                                           format: WL_SHM_FORMAT_XRGB8888.rawValue))
        XCTAssertTrue(client.roundtrip())
        XCTAssertFalse(heardAgain.ready, "nothing changed yet: it waits")
        try client.show(image, on: toplevel.surface, damage: PixelRect(x: 100, y: 50, width: 32, height: 32))
        XCTAssertTrue(client.dispatch { heardAgain.ready })
        XCTAssertEqual(heardAgain.damage, [PixelRect(x: 100, y: 50, width: 32, height: 32)])
        let copied = try XCTUnwrap(pool.read(width: 640, height: 360, stride: 640 * 4))
        XCTAssertEqual(copied[110, 60], RGBA(250, 200, 0), "the square")
        XCTAssertEqual(copied[5, 5], RGBA(0, 0, 200))
        XCTAssertGreaterThan(heardAgain.presented ?? 0, heard.presented ?? .max, "a later frame's presentation")
    }

    func testABufferOfAnotherSizeIsInvalidBufferAndSegueGoesOn() throws {
        let (client, _) = try ownWindow()
        let manager = try XCTUnwrap(client.bind(global: "zwlr_screencopy_manager_v1",
                                                segue_client_zwlr_screencopy_manager_v1_interface(), version: 3))
        let pool = try XCTUnwrap(client.makePool(size: 640 * 360 * 4))
        let (frame, _) = try captureFrame(client, manager)
        zwlr_screencopy_frame_v1_copy(frame, pool.makeBuffer(width: 320, height: 360, stride: 320 * 4,
                                                             format: WL_SHM_FORMAT_XRGB8888.rawValue))
        XCTAssertFalse(client.roundtrip())
        XCTAssertEqual(client.protocolError, WaylandProtocolError(interface: "zwlr_screencopy_frame_v1", code: 1))
        XCTAssertEqual(try compositor.windows().count, 0, "its window went with it; Segue serves on")
    }

    func testABufferWithRowsTooShortIsInvalidBuffer() throws {
        let (client, _) = try ownWindow()
        let manager = try XCTUnwrap(client.bind(global: "zwlr_screencopy_manager_v1",
                                                segue_client_zwlr_screencopy_manager_v1_interface(), version: 3))
        let pool = try XCTUnwrap(client.makePool(size: 640 * 360 * 4))
        let (frame, heard) = try captureFrame(client, manager)
        XCTAssertEqual(heard.format, WL_SHM_FORMAT_XRGB8888.rawValue)
        // wl_shm takes it (its stride is past its width); its rows hold half a row of XRGB8888 each.
        zwlr_screencopy_frame_v1_copy(frame, pool.makeBuffer(width: 640, height: 360, stride: 640 * 2,
                                                             format: WL_SHM_FORMAT_XRGB8888.rawValue))
        XCTAssertFalse(client.roundtrip())
        XCTAssertEqual(client.protocolError, WaylandProtocolError(interface: "zwlr_screencopy_frame_v1", code: 1))
    }

    func testAClientThatNeverDestroysItsFramesGetsEveryOneAndSegueHoldsNothingOfThem() throws {
        let (client, _) = try ownWindow()
        let manager = try XCTUnwrap(client.bind(global: "zwlr_screencopy_manager_v1",
                                                segue_client_zwlr_screencopy_manager_v1_interface(), version: 3))
        let pool = try XCTUnwrap(client.makePool(size: 640 * 360 * 4))
        let buffer = pool.makeBuffer(width: 640, height: 360, stride: 640 * 4, format: WL_SHM_FORMAT_XRGB8888.rawValue)
        // Effects readied meanwhile would count among GL's objects.
        XCTAssertTrue(try compositor.waitUntil(timeout: 30) { try compositor.send(.effects).payload["readying"] == .bool(false) })
        let before = try compositor.output()
        var times: [UInt64] = []
        // Each a plain copy of the next refresh, none destroyed.
        for _ in 0..<30 {
            let (frame, heard) = try captureFrame(client, manager)
            zwlr_screencopy_frame_v1_copy(frame, buffer)
            XCTAssertTrue(client.dispatch { heard.ready || heard.failed })
            XCTAssertTrue(heard.ready)
            times.append(heard.presented ?? 0)
        }
        XCTAssertEqual(zip(times, times.dropFirst()).filter { $1 <= $0 }.count, 0, "each the next refresh: \(times)")
        let after = try compositor.output()
        XCTAssertEqual(after["gl_textures"], before["gl_textures"])
        XCTAssertEqual(after["gl_render_targets"], before["gl_render_targets"])
    }

    func testAFrameAskedTwiceIsAlreadyUsed() throws {
        let (client, _) = try ownWindow()
        let manager = try XCTUnwrap(client.bind(global: "zwlr_screencopy_manager_v1",
                                                segue_client_zwlr_screencopy_manager_v1_interface(), version: 3))
        let pool = try XCTUnwrap(client.makePool(size: 640 * 360 * 4))
        let (frame, _) = try captureFrame(client, manager)
        let buffer = pool.makeBuffer(width: 640, height: 360, stride: 640 * 4, format: WL_SHM_FORMAT_XRGB8888.rawValue)
        zwlr_screencopy_frame_v1_copy(frame, buffer)
        zwlr_screencopy_frame_v1_copy(frame, buffer)
        XCTAssertFalse(client.roundtrip())
        XCTAssertEqual(client.protocolError, WaylandProtocolError(interface: "zwlr_screencopy_frame_v1", code: 0))
    }
}

/// What a zwlr_screencopy_frame_v1 said.
final class CapturedFrame {
    var format: UInt32?
    var size: (width: UInt32, height: UInt32, stride: UInt32)?
    var bufferDone = false
    var damage: [PixelRect] = []
    var ready = false
    var failed = false
    /// Nanoseconds, as ready said.
    var presented: UInt64?
}

nonisolated(unsafe) let capturedFrameListener = fixedListener(zwlr_screencopy_frame_v1_listener(
    buffer: { data, _, format, width, height, stride in
        let frame = listenerObject(data) as CapturedFrame
        frame.format = format
        frame.size = (width, height, stride)
    },
    flags: { _, _, _ in },
    ready: { data, _, high, low, nanoseconds in
        let frame = listenerObject(data) as CapturedFrame
        frame.presented = ((UInt64(high) << 32) | UInt64(low)) * 1_000_000_000 + UInt64(nanoseconds)
        frame.ready = true
    },
    failed: { data, _ in (listenerObject(data) as CapturedFrame).failed = true },
    damage: { data, _, x, y, width, height in
        (listenerObject(data) as CapturedFrame).damage.append(PixelRect(x: Int(x), y: Int(y), width: Int(width), height: Int(height)))
    },
    linux_dmabuf: { _, _, _, _, _ in },
    buffer_done: { data, _ in (listenerObject(data) as CapturedFrame).bufferDone = true }
))
