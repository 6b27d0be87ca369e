import CWaylandClient
import Foundation
import SegueEngine
import SegueImaging
import SegueIPC
@testable import SegueShell
import XCTest

/// Changes that run together: a notification sliding in during a workspace
/// switch, two windows minimized one straight after the other, a menu opening
/// over a window that is resizing. Each completes once, with its kind, in
/// `msg events` and in the log; `--record` keeps the frames both showed in
/// each one's folder, the same frames.
final class AllAtOnceTests: XCTestCase {
    private var compositor: CompositorUnderTest!
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("segue-at-once-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDown() {
        compositor?.stop()
        try? FileManager.default.removeItem(at: folder)
    }

    /// segue run with `config`, recording into `frames/`.
    private func start(_ config: String) throws {
        let file = folder.appendingPathComponent("config.toml")
        try config.write(to: file, atomically: true, encoding: .utf8)
        compositor = try CompositorUnderTest(arguments: ["--config", file.path, "--record", folder.appendingPathComponent("frames").path])
    }

    private func sample(_ label: String, _ color: String, _ extra: [String] = []) throws {
        try compositor.launch("segue-sample-client", ["--label", label, "--color", color] + extra)
    }

    /// The PNGs of each recorded folder whose name `matches`, by folder name.
    private func recorded(_ matches: (String) -> Bool) throws -> [String: [Data]] {
        let frames = folder.appendingPathComponent("frames")
        var found: [String: [Data]] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: frames.path) where matches(name) {
            let sub = frames.appendingPathComponent(name)
            found[name] = try FileManager.default.contentsOfDirectory(atPath: sub.path).filter { $0.hasSuffix(".png") }.sorted()
                .map { try Data(contentsOf: sub.appendingPathComponent($0)) }
        }
        return found
    }

    /// How many lines of `log` say `text`.
    private func lines(of log: String, saying text: String) -> Int { log.split(separator: "\n").filter { $0.contains(text) }.count }

    func testANotificationSlidesInDuringAWorkspaceSwitchAndEachCompletesOnce() throws {
        try start("""
            [transitions.workspace]
            effect = "crossfade"
            duration = "1s"
            easing = "linear"
            """)
        try sample("ONE", "2563eb")
        _ = try compositor.waitForWindows(1)
        XCTAssertTrue(try compositor.send(.workspace(.number(2), wait: true)).ok)
        try sample("TWO", "ea580c")
        _ = try compositor.waitForWindows(2)
        XCTAssertTrue(try compositor.waitUntilSettled())
        let heard = compositor.listen()
        XCTAssertTrue(try compositor.send(.workspace(.number(1), wait: false)).ok)
        try sample("MAIL", "db2777", ["--layer", "notification"])
        XCTAssertTrue(compositor.waitUntil(timeout: 20) {
            !heard.named("layer_animation_finished").isEmpty && heard.named("transition_finished").count == 1
        })
        usleep(300_000)
        let switches = heard.named("transition_finished"), motions = heard.named("layer_animation_finished")
        XCTAssertEqual(switches.map { $0["kind"] }, ["workspace"], "the switch completed once")
        XCTAssertEqual(switches.first?["outcome"], "finished")
        XCTAssertEqual(motions.map { $0["kind"] }, ["layer-open"], "the notification's slide completed once")
        XCTAssertEqual(motions.first?["namespace"], "notifications")
        XCTAssertEqual(motions.first?["outcome"], "completed")
        // The frames drawn while both ran are in both folders: the switch's frames show the notification coming.
        guard case .number(let id)? = switches.first?["id"] else { return XCTFail("no id: \(switches)") }
        let named = String(format: "%03d-crossfade", Int(id))
        let switchFrames = try recorded { $0 == named }, slideFrames = try recorded { $0.contains("-notifications-open-") }
        XCTAssertEqual(switchFrames.count, 1, "\(switchFrames.keys)")
        XCTAssertEqual(slideFrames.count, 1, "\(slideFrames.keys)")
        let shared = Set(switchFrames.values.first ?? []).intersection(slideFrames.values.first ?? [])
        XCTAssertGreaterThanOrEqual(shared.count, 2, "frames of both at once, recorded for each")
        compositor.stop()
        let log = compositor.log
        XCTAssertEqual(lines(of: log, saying: "transition \(Int(id)) workspace crossfade"), 1, log)
        XCTAssertEqual(lines(of: log, saying: "layer surface 'notifications' layer-open with slide completed"), 1, log)
    }

    func testTwoWindowsMinimizedOneAfterTheOtherEachCompleteOnce() throws {
        try start("""
            [transitions.minimize]
            duration = "600ms"
            """)
        for (label, color) in [("ONE", "2563eb"), ("TWO", "ea580c"), ("THREE", "16a34a")] {
            try sample(label, color)
            _ = try compositor.waitForWindows(label == "ONE" ? 1 : label == "TWO" ? 2 : 3)
            XCTAssertTrue(try compositor.waitUntilSettled())
        }
        let heard = compositor.listen()
        // THREE pours away; while it does, TWO (shown under it now) goes too, from what is on screen.
        XCTAssertTrue(try compositor.send(.minimize()).ok)
        usleep(150_000)
        XCTAssertTrue(try compositor.send(.minimize()).ok)
        XCTAssertTrue(compositor.waitUntil(timeout: 20) { heard.named("transition_finished").count == 2 })
        XCTAssertTrue(try compositor.waitUntilSettled())
        let finished = heard.named("transition_finished")
        XCTAssertEqual(finished.map { $0["kind"] }, ["minimize", "minimize"])
        XCTAssertEqual(finished.map { $0["outcome"] }, ["interrupted", "finished"], "the first gave way to the second, each once")
        XCTAssertEqual(heard.named("window_minimized").count, 2)
        let windows = try compositor.windows()
        let minimized = windows.filter { $0["minimized"] == .bool(true) }.compactMap { if case .string(let title)? = $0["title"] { title } else { nil } }
        XCTAssertEqual(Set(minimized), ["TWO", "THREE"])
        XCTAssertEqual(windows.first { $0["shown"] == .bool(true) }?["title"], "ONE")
        compositor.stop()
        let log = compositor.log
        XCTAssertEqual(lines(of: log, saying: "minimize lamp"), 2, log)
        XCTAssertEqual(lines(of: log, saying: ") interrupted"), 1, log)
    }

    func testAMenuOpeningOverAResizingWindowFadesInAsItGrowsAndEachCompletesOnce() throws {
        let server = try InProcessCompositor(placement: .free, width: 96, height: 54, stepped: true, config: """
            [output]
            background = "#000000"
            [transitions.resize]
            duration = "100ms"
            easing = "linear"
            """)
        defer { server.stop() }
        // Embedded, it has no control socket of its own: this one hears its events.
        let path = folder.appendingPathComponent("segue.sock").path
        try server.compositor.control.listen(on: server.compositor.server.eventLoop, at: path)
        let heard = HeardEvents.subscribed(at: path) { server.serve(until: $0) }
        let client = try server.connect()
        let red = RGBA(220, 0, 0), green = RGBA(0, 180, 0), blue = RGBA(0, 0, 255), yellow = RGBA(255, 255, 0)
        let toplevel = try server.placedWindow(client, marked(width: 32, height: 18, fill: red, marker: RGBA(255, 255, 255), side: 4), x: 20, y: 20)
        _ = server.framesUntilIdle()
        // Maximized: the green buffer for it, and straight away a blue menu (yellow marker) at (40, 20) of it.
        xdg_toplevel_set_maximized(toplevel.toplevel)
        XCTAssertTrue(client.roundtrip())
        client.ackConfigure(toplevel, serial: try XCTUnwrap(toplevel.lastConfigureSerial))
        try client.show(marked(width: 96, height: 54, fill: green, marker: blue, side: 6), on: toplevel.surface)
        let menu = client.makePopup(of: toplevel.xdgSurface, width: 20, height: 10, anchorRect: PixelRect(x: 40, y: 20, width: 1, height: 1),
                                    anchor: XDG_POSITIONER_ANCHOR_TOP_LEFT, gravity: XDG_POSITIONER_GRAVITY_BOTTOM_RIGHT)
        try client.show(marked(width: 20, height: 10, fill: blue, marker: yellow, side: 3), onPopup: menu)
        XCTAssertTrue(client.roundtrip())
        let frames = server.framesUntilIdle()
        XCTAssertEqual(frames.count, 8, "the menu's 120 ms, the resize's 100 ms within them")
        // The window's left edge on row 28 moves out from red's 20 to the output's 0, its growth done by the sixth frame.
        let lefts = frames.map { frame in (0..<96).first { frame[$0, 28] != RGBA(0, 0, 0) } ?? 96 }
        XCTAssertEqual(zip(lefts, lefts.dropFirst()).filter { $1 > $0 }.count, 0, "it only grows: \(lefts)")
        XCTAssertLessThan(lefts.first ?? 0, 20)
        XCTAssertEqual(lefts[5], 0)
        // The menu's centre in the last frames, where the window stands still: ever bluer.
        let centre = frames.map { Int($0[50, 25].b) }
        XCTAssertEqual(zip(centre, centre.dropFirst()).filter { $1 < $0 }.count, 0, "the menu only fades in: \(centre)")
        XCTAssertEqual(frames.last?[40, 20], yellow, "the last frame exact: the menu's marker at its top left")
        XCTAssertEqual(frames.last?[59, 29], blue)
        XCTAssertEqual(frames.last?[1, 1], blue, "the window's marker, at the output's corner")
        XCTAssertEqual(frames.last?[80, 40], green)
        // Other events (a window mapped, focus) come too: wait for these two by name.
        XCTAssertTrue(server.serve { !heard.named("resize_finished").isEmpty && !heard.named("layer_animation_finished").isEmpty })
        let resizes = heard.named("resize_finished"), motions = heard.named("layer_animation_finished")
        XCTAssertEqual(resizes.map { $0["kind"] }, ["maximize"], "the resize completed once")
        XCTAssertEqual(motions.map { $0["kind"] }, ["popup-open"], "the menu's pop-in completed once")
        XCTAssertEqual(resizes.first?["outcome"], "completed")
        XCTAssertEqual(motions.first?["outcome"], "completed")
    }
}
