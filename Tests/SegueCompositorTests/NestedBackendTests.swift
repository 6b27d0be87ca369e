import CWaylandClient
import CWaylandServer
import Foundation
import SegueCompositor
@testable import SegueShell
@testable import SegueWayland
import SegueEngine
import SegueImaging
import SegueIPC
import XCTest

/// `segue run --backend wayland` inside Debian's weston (headless): Segue's window
/// on the parent shows its clients' pixels before and after a switch, and Segue
/// stops cleanly whenever the parent goes. Frames are drawn offscreen and
/// copied into the window here (what llvmpipe measures quicker); the subclass
/// below runs the drawing tests again drawing straight into the window.
class NestedBackendTests: XCTestCase {
    private var weston: WestonUnderTest!
    private var segue: CompositorUnderTest!
    private let blue = RGBA(0x25, 0x63, 0xeb)
    private let orange = RGBA(0xea, 0x58, 0x0c)

    /// SEGUE_NESTED_DRAWING for the nested Segue.
    class var drawing: String { "offscreen" }

    private func startSegue(arguments: [String] = []) throws -> CompositorUnderTest {
        try CompositorUnderTest(size: "640x360", arguments: arguments, parent: weston.parent,
                                environment: ["SEGUE_NESTED_DRAWING": Self.drawing])
    }

    override func setUpWithError() throws {
        weston = try WestonUnderTest()
        segue = try startSegue()
    }

    override func tearDown() {
        segue?.stop()
        weston?.stop()
    }

    private func string(_ value: JSONValue?) -> String? { if case .string(let s)? = value { s } else { nil } }
    private func number(_ value: JSONValue?) -> Double? { if case .number(let n)? = value { n } else { nil } }

    /// Most of Segue's 640×360 window, as weston shows it, is `colour`, and none is `absent`.
    private func assertParentShows(_ colour: RGBA, notShowing absent: RGBA, file: StaticString = #filePath, line: UInt = #line) throws {
        let shot = try weston.screenshot { $0.count(of: colour) > 640 * 360 / 2 && $0.count(of: absent) == 0 }
        XCTAssertGreaterThan(shot.count(of: colour), 640 * 360 / 2, "weston's screen shows the client's colour", file: file, line: line)
        XCTAssertEqual(shot.count(of: absent), 0, "and nothing of the other client", file: file, line: line)
    }

    private func waitForExit(_ process: Process, timeout: TimeInterval = 10) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { usleep(20_000) }
        return !process.isRunning
    }

    func testTheWindowOnTheParentShowsTheClientBeforeAndAfterASwitch() throws {
        try segue.launch("segue-sample-client", ["--label", "ONE", "--color", "2563eb"])
        _ = try segue.waitForWindows(1)
        SampleClientPicture.assertShown(blue, in: try segue.screenshot())
        try assertParentShows(blue, notShowing: orange)
        // Weston places the window where it likes; wherever that is, it is upright.
        let parentShot = try weston.screenshot { $0.count(of: blue) > 640 * 360 / 2 }
        let window = try XCTUnwrap(SampleClientPicture.bounds(of: blue, in: parentShot))
        XCTAssertEqual(window.width, 640)
        XCTAssertEqual(window.height, 360)
        SampleClientPicture.assertShown(blue, in: parentShot, x: window.x, y: window.y, width: 640, height: 360, "weston's screen")

        try segue.launch("segue-sample-client", ["--label", "TWO", "--color", "ea580c"])
        _ = try segue.waitForWindows(2)
        try assertParentShows(orange, notShowing: blue)

        let reply = try segue.send(.switchWindow(target: .prev, effect: "crossfade", wait: true))
        XCTAssertTrue(reply.ok, reply.error ?? "")
        XCTAssertEqual(string(reply.payload["outcome"]), "finished")
        // Paced by the parent: a crossfade of 350 ms is several presented frames.
        XCTAssertGreaterThanOrEqual(try XCTUnwrap(number(reply.payload["frames"])), 5, "\(reply.payload)")
        SampleClientPicture.assertShown(blue, in: try segue.screenshot())
        try assertParentShows(blue, notShowing: orange)
    }

    /// A client that changes small parts of its window: Segue redraws only
    /// those, tells weston only those (swap with damage), and copies into each
    /// back buffer what it lacks (buffer age), so weston always shows the whole
    /// window as it is, whichever buffer it was given.
    func testSmallChangesReachTheParentAsDamageAndNoBufferShowsStaleParts() throws {
        let client = try RawClient(socket: segue.runtime.appendingPathComponent(segue.socket).path)
        let toplevel = try client.makeConfiguredToplevel()
        var image = RGBAImage(width: 640, height: 360, fill: blue)
        try client.show(image, on: toplevel.surface)
        XCTAssertTrue(client.roundtrip())
        _ = try segue.waitForWindows(1)
        let patches = [RGBA(250, 20, 20), RGBA(20, 250, 20), RGBA(250, 250, 20), RGBA(20, 250, 250), RGBA(250, 20, 250)]
        for (i, colour) in patches.enumerated() {
            let rect = PixelRect(x: 20 + 110 * i, y: 30 + 50 * i, width: 40, height: 30)
            image.fill(colour, x: rect.x, y: rect.y, width: rect.width, height: rect.height)
            try client.show(image, on: toplevel.surface, damage: rect)
            XCTAssertTrue(client.roundtrip())
            let damage: JSONValue = .array([.array([rect.x, rect.y, rect.width, rect.height].map { .number(Double($0)) })])
            XCTAssertTrue(try segue.waitUntil { try segue.output()["last_damage"] == damage }, "Segue redrew only patch \(i)")
            // Every patch so far, whole, and the rest still blue.
            let shown = patches.prefix(i + 1)
            let shot = try weston.screenshot { shot in shown.allSatisfy { shot.count(of: $0) == 1200 } }
            // Each where the client put it: the parent turned the buffer upright, damage too.
            let window = try XCTUnwrap(SampleClientPicture.bounds(of: blue, in: shot))
            for (j, patch) in shown.enumerated() {
                XCTAssertEqual(shot.count(of: patch), 1200, "patch \(j) after patch \(i)")
                XCTAssertEqual(shot[window.x + 20 + 110 * j, window.y + 30 + 50 * j], patch, "patch \(j)'s top-left after patch \(i)")
            }
            XCTAssertEqual(shot.count(of: blue), 640 * 360 - 1200 * shown.count, "after patch \(i)")
        }
    }

    /// A bar (wlr-layer-shell) in the nested Segue reaches the parent whole,
    /// above the window it shortened, its marker at its top-left.
    func testABarInsideReachesTheParentAboveTheWindow() throws {
        let client = try RawClient(socket: segue.runtime.appendingPathComponent(segue.socket).path)
        let magenta = RGBA(200, 0, 200), white = RGBA(255, 255, 255)
        XCTAssertEqual(try client.showTopBar(height: 30, fill: magenta, marker: white).width, 640, "stretched across the top")
        try segue.launch("segue-sample-client", ["--label", "ONE", "--color", "2563eb"])
        _ = try segue.waitForWindows(1)
        let shot = try weston.screenshot { $0.count(of: magenta) == 640 * 30 - 36 && $0.count(of: blue) > 640 * 300 / 2 }
        XCTAssertEqual(shot.count(of: magenta), 640 * 30 - 36, "the bar, whole, on weston's screen")
        let bars = try XCTUnwrap(SampleClientPicture.bounds(of: magenta, in: shot))
        XCTAssertEqual(bars.width, 640)
        XCTAssertEqual(shot[bars.x + 2, bars.y + 2], white, "its marker at its top-left: upright")
        let window = try XCTUnwrap(SampleClientPicture.bounds(of: blue, in: shot))
        XCTAssertEqual(window.y, bars.y + 30, "the window right under the bar")
        XCTAssertEqual(window.height, 330, "configured to the height the bar left")
    }

    /// Nested, a back buffer holds nothing once swapped: `--record` reads each
    /// transition frame before it goes, upright, and a screenshot draws what
    /// is shown again.
    func testRecordingNestedWritesEveryTransitionFrameUprightBeforeItIsSwapped() throws {
        segue.stop()
        let frames = FileManager.default.temporaryDirectory.appendingPathComponent("segue-nested-record-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: frames) }
        segue = try startSegue(arguments: ["--record", frames.path])
        _ = try segue.openOneAndTwo()
        let reply = try segue.send(.switchWindow(target: .prev, effect: "slide", wait: true))
        XCTAssertTrue(reply.ok, reply.error ?? "")
        let presented = try XCTUnwrap(number(reply.payload["frames"]))
        SampleClientPicture.assertShown(blue, in: try segue.screenshot(), "the screenshot after the slide")
        segue.stop()
        let slide = try XCTUnwrap(try FileManager.default.contentsOfDirectory(atPath: frames.path).first { $0.hasSuffix("-slide") })
        let folder = frames.appendingPathComponent(slide)
        let pngs = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        XCTAssertEqual(Double(pngs.count), presented, "one PNG per frame the parent showed")
        let last = try PNG.read(path: folder.appendingPathComponent(try XCTUnwrap(pngs.last)).path)
        SampleClientPicture.assertShown(blue, in: last, "the last recorded frame")
        // Mid-way both show, upright: ONE's marker at the top of its left edge, whichever side it comes from.
        // The slide's spring moves fast early, and the parent paces the frames: of the frames between the
        // first and the last, the one that shows the most of both is mid-way.
        let between = try pngs.dropFirst().dropLast().map { try PNG.read(path: folder.appendingPathComponent($0).path) }
        let middle = try XCTUnwrap(between.max { min($0.count(of: blue), $0.count(of: orange)) < min($1.count(of: blue), $1.count(of: orange)) })
        let one = try XCTUnwrap(SampleClientPicture.bounds(of: blue, in: middle))
        XCTAssertEqual(one.y, 0)
        XCTAssertEqual(one.height, 360)
        XCTAssertGreaterThan(middle.count(of: orange), 0, "TWO is still partly shown")
        let markerColumn = one.x == 0 && one.width < 640 ? nil : one.x + 1
        if let markerColumn {
            XCTAssertEqual(middle[markerColumn, 1], SampleClientPicture.ink, "ONE's marker, top-left")
            XCTAssertEqual(middle[markerColumn, 358], blue, "ONE's bottom-left corner")
        } else {
            // ONE comes in from the left, its marker still off screen: its right edge, top and bottom, is blue.
            XCTAssertEqual(middle[one.width - 2, 1], blue)
            XCTAssertEqual(middle[one.width - 2, 358], blue)
        }
    }

    func testWestonConfiguringNoSizeKeepsTheOneAskedFor() throws {
        let output = try segue.output()
        XCTAssertEqual(number(output["width"]), 640)
        XCTAssertEqual(number(output["height"]), 360)
    }

    func testTheParentClosingStopsSegueCleanlyAndRemovesItsSockets() throws {
        try segue.launch("segue-sample-client", ["--label", "ONE", "--color", "2563eb"])
        _ = try segue.waitForWindows(1)
        let socket = segue.runtime.appendingPathComponent(segue.socket).path
        let control = segue.runtime.appendingPathComponent("segue-\(segue.socket).sock").path
        weston.process.terminate()
        XCTAssertTrue(waitForExit(segue.process), "segue stops when its parent goes")
        XCTAssertEqual(segue.process.terminationReason, .exit)
        XCTAssertEqual(segue.process.terminationStatus, 0)
        XCTAssertFalse(FileManager.default.fileExists(atPath: socket))
        XCTAssertFalse(FileManager.default.fileExists(atPath: control))
    }

    func testTheParentDyingMidTransitionStopsSegueWithoutHanging() throws {
        try segue.openOneAndTwo()
        // A two-second melt, and the parent crashes half-way through it.
        let reply = try segue.send(.switchWindow(target: .prev, effect: "doom-melt", wait: false))
        XCTAssertTrue(reply.ok, reply.error ?? "")
        usleep(500_000)
        XCTAssertTrue(try segue.send(.windows).payload["animating"] == .bool(true))
        kill(weston.process.processIdentifier, SIGKILL)
        XCTAssertTrue(waitForExit(segue.process), "segue stops when its parent goes")
        XCTAssertEqual(segue.process.terminationReason, .exit)
        XCTAssertEqual(segue.process.terminationStatus, 0)
        XCTAssertFalse(FileManager.default.fileExists(atPath: segue.runtime.appendingPathComponent(segue.socket).path))
    }
}

/// The drawing tests again, frames drawn straight into the window's back
/// buffer (overridden here, as test discovery lists a class's own methods only).
final class NestedBackendWindowDrawingTests: NestedBackendTests {
    override class var drawing: String { "window" }

    override func testTheWindowOnTheParentShowsTheClientBeforeAndAfterASwitch() throws {
        try super.testTheWindowOnTheParentShowsTheClientBeforeAndAfterASwitch()
    }

    override func testSmallChangesReachTheParentAsDamageAndNoBufferShowsStaleParts() throws {
        try super.testSmallChangesReachTheParentAsDamageAndNoBufferShowsStaleParts()
    }

    override func testRecordingNestedWritesEveryTransitionFrameUprightBeforeItIsSwapped() throws {
        try super.testRecordingNestedWritesEveryTransitionFrameUprightBeforeItIsSwapped()
    }
}

/// Nested in a weston whose output has scale 2, Segue's window is drawn at twice
/// its size in pixels and Segue's own output takes scale 2: its clients are
/// configured anew in surface units and draw at scale 2, so what they draw
/// reaches the parent's screen pixel for pixel.
final class NestedBackendScaleTests: XCTestCase {
    func testOnAScale2ParentTheOutputTakesScale2AndClientsDrawSharpForIt() throws {
        let weston = try WestonUnderTest(width: 1600, height: 1200, scale: 2)
        defer { weston.stop() }
        let segue = try CompositorUnderTest(size: "640x360", parent: weston.parent)
        defer { segue.stop() }
        try segue.launch("segue-sample-client", ["--label", "ONE", "--color", "2563eb"])
        // The window enters the scale-2 output once it shows; from then on the
        // output is 1280×720 pixels at scale 2, and the client draws at scale 2.
        let deadline = Date().addingTimeInterval(20)
        var windows: [[String: JSONValue]] = []
        while Date() < deadline {
            windows = try segue.windows()
            if try windows.first?["buffer_scale"] == .number(2) && segue.send(.windows).payload["animating"] == .bool(false) { break }
            usleep(50_000)
        }
        XCTAssertEqual(windows.first?["buffer_scale"], .number(2), "the client draws for the scale-2 output: \(windows)")
        XCTAssertEqual(windows.first?["width"], .number(640), "configured in surface units")
        XCTAssertEqual(windows.first?["height"], .number(360))
        guard case .array(let outputs)? = try segue.send(.outputs).payload["outputs"], case .object(let output)? = outputs.first else {
            return XCTFail("no outputs")
        }
        XCTAssertEqual(output["scale"], .number(2))
        XCTAssertEqual(output["width"], .number(1280))
        let shot = try segue.screenshot()
        XCTAssertEqual(shot.width, 1280)
        SampleClientPicture.assertShown(RGBA(0x25, 0x63, 0xeb), in: shot)
        // The client's corner square is a tenth of its 720-pixel buffer's height: drawn at scale 2, it is 72 pixels.
        let ink = shot[0, 0]
        XCTAssertEqual(shot[71, 71], ink)
        XCTAssertNotEqual(shot[73, 73], ink)
        // Weston shows it pixel for pixel: nearly all of 1280×720 is the client's blue.
        let parentShot = try weston.screenshot { $0.count(of: RGBA(0x25, 0x63, 0xeb)) > 1280 * 720 / 2 }
        XCTAssertGreaterThan(parentShot.count(of: RGBA(0x25, 0x63, 0xeb)), 1280 * 720 / 2)
    }
}

/// `segue run --backend wayland` with a parent it cannot use: one line, and a non-zero exit.
final class NestedBackendRefusalTests: XCTestCase {
    private func run(display: String, runtime: URL, serving server: Server? = nil,
                     environment extra: [String: String] = [:]) throws -> (status: Int32, stderr: String) {
        let process = Process()
        process.executableURL = CompositorUnderTest.buildFolder.appendingPathComponent("segue")
        process.arguments = ["run", "--backend", "wayland", "--socket", "segue-refused"]
        process.environment = CompositorUnderTest.environment(runtime: runtime, display: display).merging(extra) { $1 }
        let stderr = Pipe()
        process.standardError = stderr
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        // The parent, if any, answers from this thread.
        let deadline = Date().addingTimeInterval(20)
        while process.isRunning && Date() < deadline {
            if let server {
                wl_event_loop_dispatch(server.loop, 10)
                wl_display_flush_clients(server.display)
            } else {
                usleep(10_000)
            }
        }
        XCTAssertFalse(process.isRunning, "segue gave up in time")
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))
    }

    private func makeRuntime() throws -> URL {
        let runtime = FileManager.default.temporaryDirectory.appendingPathComponent("segue-refused-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        return runtime
    }

    func testNoParentAtWaylandDisplayIsOneLineAndAFailure() throws {
        let runtime = try makeRuntime()
        defer { try? FileManager.default.removeItem(at: runtime) }
        let result = try run(display: "nobody-here", runtime: runtime)
        XCTAssertNotEqual(result.status, 0)
        XCTAssertEqual(result.stderr.split(separator: "\n").count, 1, result.stderr)
        XCTAssertTrue(result.stderr.contains("cannot connect to the parent compositor at WAYLAND_DISPLAY=nobody-here to run nested in it"),
                      result.stderr)
        XCTAssertTrue(result.stderr.contains("to run headless instead, pass --backend headless or unset WAYLAND_DISPLAY"), result.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: runtime.appendingPathComponent("segue-refused").path))
    }

    /// As NVIDIA's client EGL is on a parent offering neither linux-dmabuf 4
    /// nor wl_drm: here, no EGL vendor at all for the nested Segue.
    func testAParentWhoseDisplayItsEGLCannotUseIsOneLineSayingHowToRunHeadless() throws {
        let weston = try WestonUnderTest()
        defer { weston.stop() }
        let result = try run(display: weston.socket, runtime: weston.runtime,
                             environment: ["__EGL_VENDOR_LIBRARY_FILENAMES": "/nonexistent/egl-vendor.json"])
        XCTAssertNotEqual(result.status, 0)
        XCTAssertEqual(result.stderr.split(separator: "\n").count, 1, result.stderr)
        XCTAssertTrue(result.stderr.contains("Segue's EGL cannot draw on the parent compositor's display"), result.stderr)
        XCTAssertTrue(result.stderr.contains("--backend headless"), result.stderr)
    }

    /// Unset, SEGUE_NESTED_DRAWING measures which way is quicker and the log
    /// says which was taken (which one is a measurement, not asserted here:
    /// with llvmpipe it is offscreen at 960×540, and can be either at 640×360,
    /// where the copy saves under a millisecond).
    func testMeasuredDrawingSaysWhichWayItTook() throws {
        let weston = try WestonUnderTest()
        defer { weston.stop() }
        let segue = try CompositorUnderTest(size: "640x360", parent: weston.parent)
        _ = try segue.output()
        XCTAssertEqual(segue.stop(), 0)
        let log = segue.log
        let offscreen = log.contains("frames are drawn offscreen and copied into the window")
        let window = log.contains("frames are drawn straight into the window")
        XCTAssertNotEqual(offscreen, window, log)
    }

    func testAnUnknownNestedDrawingIsOneLineAndAFailure() throws {
        let weston = try WestonUnderTest()
        defer { weston.stop() }
        let result = try run(display: weston.socket, runtime: weston.runtime, environment: ["SEGUE_NESTED_DRAWING": "direct"])
        XCTAssertNotEqual(result.status, 0)
        XCTAssertEqual(result.stderr, "Error: SEGUE_NESTED_DRAWING=direct: say measured, window or offscreen\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: weston.runtime.appendingPathComponent("segue-refused").path))
    }

    func testAParentWithoutXdgWmBaseIsOneLineAndAFailure() throws {
        let runtime = try makeRuntime()
        defer { try? FileManager.default.removeItem(at: runtime) }
        // A bare Wayland display: wl_shm and nothing else.
        let previous = ProcessInfo.processInfo.environment["XDG_RUNTIME_DIR"]
        setenv("XDG_RUNTIME_DIR", runtime.path, 1)
        defer { if let previous { setenv("XDG_RUNTIME_DIR", previous, 1) } else { unsetenv("XDG_RUNTIME_DIR") } }
        let server = try Server(socket: "bare-parent")
        defer {
            server.disconnectClients()
            server.destroy()
        }
        let result = try run(display: "bare-parent", runtime: runtime, serving: server)
        XCTAssertNotEqual(result.status, 0)
        XCTAssertEqual(result.stderr.split(separator: "\n").count, 1, result.stderr)
        XCTAssertTrue(result.stderr.contains("the parent compositor has no xdg_wm_base"), result.stderr)
    }
}
