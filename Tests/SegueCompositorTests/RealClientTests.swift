import Foundation
import SegueImaging
import SegueIPC
import XCTest

/// Debian's weston demo clients and foot, running against a real `segue run`.
final class RealClientTests: XCTestCase {
    private var compositor: CompositorUnderTest!

    override func setUpWithError() throws {
        compositor = try CompositorUnderTest()
    }

    override func tearDown() {
        compositor?.stop()
    }

    private func string(_ value: JSONValue?) -> String? { if case .string(let s)? = value { s } else { nil } }
    private func number(_ value: JSONValue?) -> Double? { if case .number(let n)? = value { n } else { nil } }

    func testWestonSimpleShmMapsAndItsPixelsReachTheScreen() throws {
        try compositor.launch("weston-simple-shm")
        let windows = try compositor.waitForWindows(1)
        XCTAssertEqual(string(windows[0]["app_id"]), "org.freedesktop.weston.simple-shm")
        XCTAssertEqual(windows[0]["shown"], .bool(true))
        XCTAssertEqual(number(windows[0]["width"]), 250, "simple-shm keeps its own 250x250 size")
        // Centred on the background: the middle shows the client's pattern.
        let shot = try compositor.screenshot()
        XCTAssertEqual(shot.width, 640)
        let background = shot[5, 5]
        XCTAssertEqual(background, RGBA(20, 20, 26), "outside the window: the background")
        let centre = (0..<40).map { shot[300 + $0, 180] }
        XCTAssertTrue(centre.contains { $0.distance(to: background) > 40 }, "simple-shm's pattern shows: \(centre.prefix(4))")
    }

    func testWestonSimpleEglMapsAndKeepsAnimating() throws {
        try compositor.launch("weston-simple-egl", environment: ["LIBGL_ALWAYS_SOFTWARE": "1"])
        _ = try compositor.waitForWindows(1, timeout: 30)
        let first = try compositor.screenshot()
        usleep(300_000)
        let second = try compositor.screenshot()
        XCTAssertNotEqual(first, second, "the triangle spins: frame callbacks keep coming")
    }

    func testFootMapsWithItsAppIdAndFillsTheOutput() throws {
        try compositor.launch("foot", ["--app-id", "segue-foot", "sh", "-c", "echo hello from foot; sleep 30"])
        let windows = try compositor.waitForWindows(1, timeout: 30)
        XCTAssertEqual(string(windows[0]["app_id"]), "segue-foot")
        XCTAssertEqual(number(windows[0]["width"]), 640, "foot takes the configured maximized size")
        XCTAssertEqual(number(windows[0]["height"]), 334, "below its own 26-unit title bar")
    }

    func testOnAScale2OutputFootIsConfiguredInSurfaceUnitsAndDrawsAtScale2() throws {
        compositor.stop()
        compositor = try CompositorUnderTest(arguments: ["--scale", "2"])
        try compositor.launch("foot", ["--app-id", "segue-foot", "-o", "colors.background=203040", "sh", "-c", "sleep 30"])
        var windows = try compositor.waitForWindows(1, timeout: 30)
        let deadline = Date().addingTimeInterval(10)
        while windows.first?["buffer_scale"] != .number(2) && Date() < deadline {
            usleep(50_000)
            windows = try compositor.windows()
        }
        XCTAssertEqual(windows[0]["buffer_scale"], .number(2), "foot draws for the scale-2 output: \(windows)")
        XCTAssertEqual(number(windows[0]["width"]), 320, "half the 640-pixel output, in surface units")
        XCTAssertEqual(number(windows[0]["height"]), 154, "below its own 26-unit title bar")
        // Its title bar and its 640x308 buffer fill the output: its background to the bottom corners and up to the bar.
        let shot = try compositor.screenshot()
        for (x, y) in [(0, 52), (639, 52), (0, 359), (639, 359)] {
            XCTAssertEqual(shot[x, y], RGBA(0x20, 0x30, 0x40), "(\(x), \(y))")
        }
        XCTAssertNotEqual(shot[639, 51], RGBA(0x20, 0x30, 0x40), "its title bar, 52 pixels tall, at the top")
        XCTAssertNotEqual(shot[0, 0], RGBA(20, 20, 26), "no background above it")
    }

    func testOnAScale2OutputWestonTerminalKeepsDrawingAtScale2WhileCovered() throws {
        compositor.stop()
        compositor = try CompositorUnderTest(arguments: ["--scale", "2"])
        try compositor.launch("weston-terminal")
        let terminalID = "org.freedesktop.weston.wayland-terminal"
        func terminal() throws -> [String: JSONValue]? { try compositor.windows().first { string($0["app_id"]) == terminalID } }
        let deadline = Date().addingTimeInterval(20)
        while try terminal()?["buffer_scale"] != .number(2) && Date() < deadline { usleep(50_000) }
        XCTAssertEqual(try terminal()?["buffer_scale"], .number(2), "weston-terminal draws for the scale-2 output")

        // Settled (no frame asked for), it redraws at once whenever the outputs it is on change.
        usleep(1_000_000)

        // Covered by another window, it is still on the output: it has no reason to draw at scale 1,
        // and would show at scale 1 (blurred) when switched back to.
        try compositor.launch("weston-simple-shm")
        _ = try compositor.waitForWindows(2)
        var covered = try XCTUnwrap(try terminal())
        let watch = Date().addingTimeInterval(1.5)
        while covered["buffer_scale"] == .number(2) && Date() < watch {
            usleep(50_000)
            covered = try XCTUnwrap(try terminal())
        }
        XCTAssertEqual(covered["shown"], .bool(false))
        XCTAssertEqual(covered["buffer_scale"], .number(2), "\(covered)")
    }

    func testSwitchWaitsForItsTransitionAndReportsEveryFrame() throws {
        try compositor.openOneAndTwo()
        let reply = try compositor.send(.switchWindow(target: .prev, effect: "crossfade", wait: true))
        XCTAssertTrue(reply.ok, reply.error ?? "")
        XCTAssertEqual(string(reply.payload["outcome"]), "finished")
        XCTAssertEqual(string(reply.payload["effect"]), "crossfade")
        let duration = try XCTUnwrap(number(reply.payload["duration_ms"]))
        let frames = try XCTUnwrap(number(reply.payload["frames"]))
        // Nearly one frame per refresh; a busy 2-core machine may miss one (exact pacing: TransitionTests).
        XCTAssertLessThanOrEqual(frames, duration / 1000 * 60 + 1, "\(reply.payload)")
        XCTAssertGreaterThanOrEqual(frames, duration / 1000 * 60 * 0.75, "\(reply.payload)")
        // Every refresh from the first frame's to the last's either showed a frame or is counted
        // as missed; a late first frame also counts the refreshes it came after its own.
        let missed = try XCTUnwrap(number(reply.payload["missed_refreshes"]), "\(reply.payload)")
        let late = try XCTUnwrap(number(reply.payload["late_frames"]), "\(reply.payload)")
        let first = try XCTUnwrap(number(reply.payload["first_ns"])), last = try XCTUnwrap(number(reply.payload["last_ns"]))
        let spanned = ((last - first) / 1e9 * 60).rounded() + 1
        XCTAssertGreaterThanOrEqual(frames + missed, spanned, "\(reply.payload)")
        XCTAssertLessThanOrEqual(frames + missed, spanned + 2 * late, "\(reply.payload)")
        // The sizes its frames were drawn at, 1 being full size.
        let smallest = try XCTUnwrap(number(reply.payload["min_scale"]), "\(reply.payload)")
        let median = try XCTUnwrap(number(reply.payload["median_scale"]), "\(reply.payload)")
        XCTAssertTrue(0.25 <= smallest && smallest <= median && median <= 1, "\(reply.payload)")
        let windows = try compositor.windows()
        XCTAssertEqual(windows.first { $0["shown"] == .bool(true) }?["title"], .string("ONE"))
        // After the switch the screen shows ONE, upright.
        SampleClientPicture.assertShown(RGBA(0x25, 0x63, 0xeb), in: try compositor.screenshot())
    }

    func testCloseAsksTheShownWindowToCloseAndThePreviousOnePopsBack() throws {
        let two = try XCTUnwrap(try compositor.openOneAndTwo().first { $0["shown"] == .bool(true) })
        let reply = try compositor.send(.close(target: nil))
        XCTAssertTrue(reply.ok, reply.error ?? "")
        XCTAssertEqual(reply.payload["window"], try XCTUnwrap(two["id"]))
        let windows = try compositor.waitForWindows(1)
        XCTAssertEqual(windows.first?["title"], .string("ONE"))
        let history = try compositor.send(.transitions)
        guard case .array(let list)? = history.payload["transitions"], case .object(let last)? = list.last else {
            return XCTFail("\(history)")
        }
        XCTAssertEqual(string(last["event"]), "close")
        XCTAssertEqual(string(last["outcome"]), "finished")
        SampleClientPicture.assertShown(RGBA(0x25, 0x63, 0xeb), in: try compositor.screenshot())
        // A window that is not there is one clear error.
        let missing = try compositor.send(.close(target: .window(id: 99)))
        XCTAssertFalse(missing.ok)
        XCTAssertEqual(missing.error, "no window with id 99")
    }

    func testASwitchDuringATransitionRetargetsItAndTheOldOneCompletesInterrupted() throws {
        try compositor.openOneAndTwo()
        XCTAssertTrue(try compositor.send(.switchWindow(target: .prev, effect: "doom-melt", wait: false)).ok)
        usleep(300_000)
        let reply = try compositor.send(.switchWindow(target: .next, effect: "crossfade", wait: true))
        XCTAssertEqual(string(reply.payload["outcome"]), "finished")
        let history = try compositor.send(.transitions)
        guard case .array(let list)? = history.payload["transitions"] else { return XCTFail("\(history)") }
        let outcomes = list.compactMap { entry -> String? in
            guard case .object(let t) = entry, case .string(let effect)? = t["effect"], case .string(let outcome)? = t["outcome"] else { return nil }
            return "\(effect) \(outcome)"
        }
        XCTAssertEqual(outcomes.suffix(2), ["doom-melt interrupted", "crossfade finished"])
        // It ends on TWO, shown in full.
        SampleClientPicture.assertShown(RGBA(0xea, 0x58, 0x0c), in: try compositor.screenshot())
    }

    func testAClientKilledMidTransitionStillLetsItFinishAndOthersCarryOn() throws {
        let one = try compositor.launch("segue-sample-client", ["--label", "ONE", "--color", "2563eb"])
        _ = try compositor.waitForWindows(1)
        try compositor.launch("segue-sample-client", ["--label", "TWO", "--color", "ea580c"])
        _ = try compositor.waitForWindows(2)
        // A long switch to ONE, and ONE dies half-way.
        let path = compositor.runtime.appendingPathComponent("segue-\(compositor.socket).sock").path
        let result = ReplyBox()
        let thread = Thread {
            result.reply = try? IPCClient(path: path).send(.switchWindow(target: .prev, effect: "doom-melt", wait: true))
        }
        thread.start()
        usleep(500_000)
        kill(one.processIdentifier, SIGKILL)
        let deadline = Date().addingTimeInterval(10)
        while result.reply == nil && Date() < deadline { usleep(20_000) }
        let reply = try XCTUnwrap(result.reply, "the transition completed")
        XCTAssertEqual(string(reply.payload["outcome"]), "finished")
        XCTAssertTrue(compositor.isRunning)
        // The compositor goes on serving: a new client maps.
        try compositor.launch("segue-sample-client", ["--label", "THREE", "--color", "16a34a"])
        let windows = try compositor.waitForWindows(2)
        XCTAssertEqual(Set(windows.compactMap { string($0["title"]) }), ["TWO", "THREE"])
    }
}

/// A reply handed from the thread that waited for it.
final class ReplyBox: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: IPCReply?

    var reply: IPCReply? {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}
