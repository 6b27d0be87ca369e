import CWaylandClient
import Foundation
import SegueImaging
import SegueIPC
import XCTest

/// Starting, idling, recording and stopping `segue run`.
final class CompositorLifecycleTests: XCTestCase {
    private func number(_ value: JSONValue?) -> Double? { if case .number(let n)? = value { n } else { nil } }

    /// The output's frame counter, which must be in the reply.
    private func framesDrawn(_ compositor: CompositorUnderTest) throws -> Double {
        try XCTUnwrap(number(try compositor.output()["frames_drawn"]), "the outputs reply has no frames_drawn")
    }

    func testAnIdleCompositorDrawsNothing() throws {
        let compositor = try CompositorUnderTest()
        defer { compositor.stop() }
        usleep(200_000)
        let before = try framesDrawn(compositor)
        usleep(400_000)
        XCTAssertEqual(try framesDrawn(compositor), before)
    }

    func testAHiddenAnimatingWindowGetsNoFramesAndCausesNoRepaints() throws {
        let compositor = try CompositorUnderTest()
        defer { compositor.stop() }
        // ONE animates on every frame callback; foot, shown above it, sits still.
        try compositor.launch("segue-sample-client", ["--label", "ONE", "--color", "2563eb"])
        _ = try compositor.waitForWindows(1)
        try compositor.launch("foot", ["sh", "-c", "sleep 30"])
        _ = try compositor.waitForWindows(2, timeout: 30)
        usleep(500_000)
        let before = try framesDrawn(compositor)
        usleep(500_000)
        XCTAssertEqual(try framesDrawn(compositor), before, "nothing visible changed")
    }

    func testSigtermStopsTheCompositorCleanlyAndRemovesItsSockets() throws {
        let compositor = try CompositorUnderTest()
        try compositor.launch("segue-sample-client", ["--label", "ONE", "--color", "2563eb"])
        _ = try compositor.waitForWindows(1)
        let socket = compositor.runtime.appendingPathComponent(compositor.socket).path
        let control = compositor.runtime.appendingPathComponent("segue-\(compositor.socket).sock").path
        XCTAssertTrue(FileManager.default.fileExists(atPath: control))
        compositor.process.terminate()
        compositor.process.waitUntilExit()
        XCTAssertEqual(compositor.process.terminationReason, .exit)
        XCTAssertEqual(compositor.process.terminationStatus, 0)
        XCTAssertFalse(FileManager.default.fileExists(atPath: socket))
        XCTAssertFalse(FileManager.default.fileExists(atPath: control))
        compositor.stop()
    }

    /// From the first instant of startup to well after it, a SIGINT or
    /// SIGTERM stops Segue with no wayland-N, lock or control socket left in
    /// its runtime folder: sent at once, the moment the Wayland socket
    /// appears (before the control socket and the loop exist), the moment the
    /// control socket appears, and once it is serving.
    func testASignalAtAnyPointOfStartupLeavesNoSocketLockOrControlSocket() throws {
        let moments: [(signal: Int32, when: String)] = [
            (SIGTERM, "at once"), (SIGINT, "wayland-0"), (SIGTERM, "wayland-0"), (SIGTERM, "wayland-0.lock"),
            (SIGINT, "segue-wayland-0.sock"), (SIGTERM, "segue-wayland-0.sock"), (SIGINT, "serving"), (SIGTERM, "serving"),
        ]
        for (signal, moment) in moments {
            let runtime = FileManager.default.temporaryDirectory.appendingPathComponent("segue-signal-\(UUID().uuidString.prefix(8))")
            try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            defer { try? FileManager.default.removeItem(at: runtime) }
            let process = Process()
            process.executableURL = CompositorUnderTest.buildFolder.appendingPathComponent("segue")
            process.arguments = ["run", "--backend", "headless", "--size", "320x180"]
            process.environment = CompositorUnderTest.environment(runtime: runtime, display: nil)
            let stdout = Pipe()
            process.standardOutput = stdout
            process.standardError = FileHandle.nullDevice
            try process.run()
            switch moment {
            case "at once":
                break
            case "serving":
                _ = stdout.fileHandleForReading.availableData
            default:
                let file = runtime.appendingPathComponent(moment).path
                let deadline = Date().addingTimeInterval(10)
                while !FileManager.default.fileExists(atPath: file) && process.isRunning && Date() < deadline { usleep(200) }
            }
            kill(process.processIdentifier, signal)
            process.waitUntilExit()
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: runtime.path), [],
                           "signal \(signal) sent \(moment == "at once" || moment == "serving" ? moment : "once \(moment) appeared") left these behind")
        }
    }

    /// `segue run --record` into a folder of its own (gone after the test),
    /// with `open` as the open transition's config: the compositor and where its frames go.
    private func recording(open: String) throws -> (compositor: CompositorUnderTest, frames: URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("segue-record-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        let config = folder.appendingPathComponent("config.toml")
        try "[transitions.open]\n\(open)\n".write(to: config, atomically: true, encoding: .utf8)
        let frames = folder.appendingPathComponent("frames")
        return (try CompositorUnderTest(arguments: ["--record", frames.path, "--config", config.path]), frames)
    }

    func testRecordWritesEveryPresentedFrameOfATransitionUpright() throws {
        let (compositor, frames) = try recording(open: "effect = \"crossfade\"")
        try compositor.launch("segue-sample-client", ["--label", "ONE", "--color", "2563eb"])
        _ = try compositor.waitForWindows(1)
        let reply = try compositor.send(.transitions)
        guard case .array(let list)? = reply.payload["transitions"], case .object(let opened)? = list.first else {
            return XCTFail("no transition reported: \(reply)")
        }
        compositor.stop()
        let transitions = try FileManager.default.contentsOfDirectory(atPath: frames.path)
        XCTAssertTrue(transitions.contains("001-crossfade"), "\(transitions)")
        let pngs = try FileManager.default.contentsOfDirectory(atPath: frames.appendingPathComponent("001-crossfade").path)
        XCTAssertEqual(Double(pngs.count), try XCTUnwrap(number(opened["frames"])), "one PNG per presented frame")
        XCTAssertTrue(pngs.contains("frame-000.png"))
        // The last frame shows ONE in full, upright.
        let last = try PNG.read(path: frames.appendingPathComponent("001-crossfade").appendingPathComponent(try XCTUnwrap(pngs.max())).path)
        SampleClientPicture.assertShown(RGBA(0x25, 0x63, 0xeb), in: last, "the last recorded frame")
    }

    /// A bar (wlr-layer-shell, top layer) is in every recorded frame, over the
    /// transition, with its marker at its top-left, as it is on screen.
    func testRecordedFramesShowTheBarOverTheTransition() throws {
        let (compositor, frames) = try recording(open: "effect = \"doom-melt\"\nduration = \"300ms\"")
        let client = try RawClient(socket: compositor.runtime.appendingPathComponent(compositor.socket).path)
        let magenta = RGBA(200, 0, 200), white = RGBA(255, 255, 255)
        XCTAssertEqual(try client.showTopBar(height: 30, fill: magenta, marker: white).width, 640, "stretched across the top")
        try compositor.launch("segue-sample-client", ["--label", "ONE", "--color", "2563eb"])
        _ = try compositor.waitForWindows(1)
        _ = try compositor.send(.transitions)
        compositor.stop()
        let recorded = frames.appendingPathComponent("001-doom-melt")
        let pngs = try FileManager.default.contentsOfDirectory(atPath: recorded.path).sorted()
        XCTAssertGreaterThan(pngs.count, 3, "the open was recorded")
        for name in pngs {
            let frame = try PNG.read(path: recorded.appendingPathComponent(name).path)
            XCTAssertEqual(frame[2, 2], white, "\(name): the bar's marker at its top-left")
            XCTAssertEqual(frame[320, 15], magenta, "\(name): the bar, whole, over the melting window")
            XCTAssertEqual(frame[639, 29], magenta, "\(name)")
        }
    }

    func testARecordFolderThatCannotBeMadeFailsTheStartInOneLineLeavingNoSocket() throws {
        let runtime = FileManager.default.temporaryDirectory.appendingPathComponent("segue-record-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        defer { try? FileManager.default.removeItem(at: runtime) }
        let (status, message) = try segueRun(["--backend", "headless", "--record", "/proc/segue-record"],
                                             environment: CompositorUnderTest.environment(runtime: runtime, display: nil))
        XCTAssertNotEqual(status, 0)
        XCTAssertEqual(message, "Error: cannot make the folder /proc/segue-record: No such file or directory\n")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: runtime.path), [], "no socket or lock left")
    }

    /// `segue run` with `arguments` that makes it stop: its status and what it wrote to stderr.
    private func segueRun(_ arguments: [String], environment: [String: String]) throws -> (status: Int32, stderr: String) {
        let process = Process()
        process.executableURL = CompositorUnderTest.buildFolder.appendingPathComponent("segue")
        process.arguments = ["run"] + arguments
        process.environment = environment
        let stderr = Pipe()
        process.standardError = stderr
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let message = String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, message)
    }

    func testWithoutXdgRuntimeDirItRefusesToStartWithOneLine() throws {
        let (status, message) = try segueRun([], environment: ProcessInfo.processInfo.environment.filter { $0.key != "XDG_RUNTIME_DIR" })
        XCTAssertNotEqual(status, 0)
        XCTAssertEqual(message.split(separator: "\n").count, 1, message)
        XCTAssertTrue(message.contains("XDG_RUNTIME_DIR"), message)
    }
}
