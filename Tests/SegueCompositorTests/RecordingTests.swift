import CWaylandClient
import Foundation
import SegueEngine
import SegueImaging
import SegueIPC
import XCTest

/// Recording what the output shows, with the real programs: wf-recorder keeps
/// every frame of a window redrawing each refresh, distinct and in order;
/// segue-capture-client (no Debian 12 tool speaks ext-image-copy-capture)
/// copies the output and a window upright, and keeps up with a window's
/// client; a recorder killed mid-frame costs the output no refresh.
final class RecordingTests: XCTestCase {
    private var compositor: CompositorUnderTest!
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("segue-recording-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDown() {
        compositor?.stop()
        try? FileManager.default.removeItem(at: folder)
    }

    private var captureClient: String { CompositorUnderTest.buildFolder.appendingPathComponent("segue-capture-client").path }

    /// A compositor that privileges wf-recorder and the capture client, showing a
    /// segue-sample-client that redraws all of itself every refresh.
    private func startRedrawing() throws {
        compositor = try CompositorUnderTest(arguments: ["--trust", try installedProgram("wf-recorder"), "--trust", captureClient])
        try compositor.launch("segue-sample-client", ["--label", "REC", "--color", "2563eb", "--app-id", "sample-rec"])
        _ = try compositor.waitForWindows(1)
        XCTAssertTrue(try compositor.waitUntil { try compositor.windows().count == 1 && !(try isAnimating()) })
    }

    private func isAnimating() throws -> Bool { try compositor.output()["animating"] == .bool(true) }

    /// Frames presented and frames handed to captures, as the compositor counts them.
    private func counters() throws -> (presented: Int, captured: Int) {
        let output = try compositor.output()
        guard case .number(let presented)? = output["frames_presented"], case .number(let captured)? = output["frames_captured"] else {
            throw CompositorTestError("no frame counts: \(output)")
        }
        return (Int(presented), Int(captured))
    }

    /// The capture client's run to its end: its frame lines and its summary.
    private func capture(_ arguments: [String]) throws -> (frames: [(presented: UInt64, hash: String)], summary: [String: JSONValue]) {
        let out = Pipe()
        let client = try compositor.launch(captureClient, arguments, output: out.fileHandleForWriting)
        // Its end only: the read ends when the client's does.
        try out.fileHandleForWriting.close()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        client.waitUntilExit()
        XCTAssertEqual(client.terminationStatus, 0, text)
        let lines = text.split(separator: "\n").map(String.init)
        let frames = lines.filter { $0.hasPrefix("frame ") }.map { line in
            let words = line.split(separator: " ")
            return (UInt64(words[2]) ?? 0, String(words[3]))
        }
        guard let last = lines.last, case .object(let summary) = try JSONDecoder().decode(JSONValue.self, from: Data(last.utf8)) else {
            throw CompositorTestError("no summary from segue-capture-client: \(text)")
        }
        return (frames, summary)
    }

    func testWfRecorderReceivesEveryFrameOfARedrawingWindowDistinctAndInOrder() throws {
        try startRedrawing()
        let path = folder.appendingPathComponent("frames.txt").path
        let recorder = try compositor.launch("wf-recorder", ["-c", "rawvideo", "-m", "framecrc", "-f", path])
        // Its encoder starts after its first frame; then it keeps pace.
        let first = try counters().captured
        XCTAssertTrue(try compositor.waitUntil(timeout: 20) { try counters().captured >= first + 30 }, "wf-recorder received frames")
        let before = try counters()
        Thread.sleep(forTimeInterval: 2)
        let after = try counters()
        kill(recorder.processIdentifier, SIGINT)
        recorder.waitUntilExit()
        let presented = after.presented - before.presented, received = after.captured - before.captured
        XCTAssertGreaterThanOrEqual(Double(received), 0.8 * Double(presented), "\(received) of \(presented) frames presented")
        // framecrc: one line per frame: stream, dts, pts, duration, size, CRC.
        let rows = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").filter { !$0.hasPrefix("#") }
            .map { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } }
        let total = try counters().captured
        XCTAssertLessThanOrEqual(abs(rows.count - total), 2, "the file holds what Segue handed it: \(rows.count), \(total)")
        let times = rows.compactMap { Int($0[2]) }, crcs = rows.map { $0[5] }
        XCTAssertEqual(zip(times, times.dropFirst()).filter { $1 <= $0 }.count, 0, "presentation times only go forward")
        // The sample client's bar turns at an edge once a second: two frames either side of a turn may be
        // the same picture, committed twice. Any other repeat is a frame handed over with no change.
        let repeats = zip(crcs, crcs.dropFirst()).filter { $0 == $1 }.count, turns = rows.count / 60 + 1
        XCTAssertLessThanOrEqual(repeats, turns, "each frame differs from the one before, but at the bar's turns")
    }

    func testAWindowCaptureKeepsUpWithItsRedrawingClient() throws {
        try startRedrawing()
        let before = try counters().presented
        let (frames, summary) = try capture(["--protocol", "ext", "--window", "sample-rec", "--seconds", "2"])
        let presented = try counters().presented - before
        // As with wf-recorder: the client's bar turns at an edge once a second, where two of its
        // frames may be the same picture, committed twice; any other repeat is a frame copied with no change.
        let repeats = zip(frames, frames.dropFirst()).filter { $0.1 == $1.1 }.count
        XCTAssertLessThanOrEqual(repeats, frames.count / 60 + 1, "each frame differs from the one before, but at the bar's turns")
        // Where they are not, the pairs out of order say how (one seen once in CI, not reproduced by hand).
        let backwards = zip(frames, frames.dropFirst()).filter { $1.0 <= $0.0 }.map { "\($0.0) then \($1.0)" }
        XCTAssertEqual(summary["in_order"], .bool(true), "of \(frames.count) frames: \(backwards.prefix(4))")
        // The window redraws once a refresh, each presented: its capture keeps that pace.
        XCTAssertGreaterThanOrEqual(Double(frames.count), 0.8 * Double(presented), "\(frames.count) frames of \(presented) refreshes")
    }

    func testTheCaptureClientCopiesTheOutputAndAWindowAsTheyShow() throws {
        compositor = try CompositorUnderTest(arguments: ["--trust", captureClient])
        let client = try RawClient(socket: compositor.runtime.appendingPathComponent(compositor.socket).path)
        let toplevel = try client.makeConfiguredToplevel()
        xdg_toplevel_set_app_id(toplevel.toplevel, "marked")
        try client.show(cornerMarkedScreen(), on: toplevel.surface)
        XCTAssertTrue(client.roundtrip())
        _ = try compositor.waitForWindows(1)
        XCTAssertTrue(try compositor.waitUntil { !(try isAnimating()) })
        for (name, arguments) in [("output", ["--protocol", "ext"]), ("window", ["--protocol", "ext", "--window", "marked"]),
                                  ("screencopy", ["--protocol", "wlr"])] {
            let path = folder.appendingPathComponent("\(name).png").path
            let (frames, _) = try capture(arguments + ["--frames", "1", "--png", path])
            XCTAssertEqual(frames.count, 1, name)
            let shot = try PNG.read(path: path)
            XCTAssertEqual(shot.width, 640, name)
            XCTAssertEqual(shot[2, 2], RGBA(255, 255, 255), "\(name): the marker, top left")
            XCTAssertEqual(shot[620, 345], RGBA(250, 200, 0), "\(name): the yellow corner, bottom right")
            XCTAssertEqual(shot[320, 180], RGBA(0x25, 0x63, 0xeb), name)
        }
        let screen = try compositor.screenshot(), shot = try PNG.read(path: folder.appendingPathComponent("output.png").path)
        XCTAssertEqual(shot, screen, "the output's capture is what msg screenshot shows")
    }

    func testARecorderKilledMidFrameCostsTheOutputNoRefresh() throws {
        try startRedrawing()
        let recorder = try compositor.launch(captureClient, ["--damage"])
        XCTAssertTrue(try compositor.waitUntil { try counters().captured >= 20 })
        kill(recorder.processIdentifier, SIGKILL)
        recorder.waitUntilExit()
        let before = try counters().presented, start = Date()
        Thread.sleep(forTimeInterval: 1)
        let presented = try counters().presented - before, seconds = Date().timeIntervalSince(start)
        XCTAssertGreaterThanOrEqual(Double(presented), 0.8 * 60 * seconds, "the output presents on: \(presented) frames in \(seconds) s")
        let (frames, summary) = try capture(["--damage", "--frames", "10"])
        XCTAssertEqual(frames.count, 10, "the next recorder records")
        XCTAssertEqual(summary["in_order"], .bool(true))
        // The bar's one turn these frames may cross can repeat a picture (see above); nothing else may.
        let repeats = zip(frames, frames.dropFirst()).filter { $0.1 == $1.1 }.count
        XCTAssertLessThanOrEqual(repeats, 1, "each frame differs from the one before, but at the bar's turn")
    }
}
