import CWaylandClient
import Foundation
import Glibc
import SegueClientSupport
import SegueIPC
import XCTest

/// The presentation times a switch reports are the ones wp_presentation gave
/// clients for the same frames.
final class PresentationTimestampTests: XCTestCase {
    private var compositor: CompositorUnderTest!

    override func tearDown() {
        compositor?.stop()
    }

    private func number(_ value: JSONValue?) -> Double? { if case .number(let n)? = value { n } else { nil } }

    func testASwitchReportsTheTimesWpPresentationGaveItsOutgoingWindowForTheSameFrames() throws {
        compositor = try CompositorUnderTest()
        try compositor.launch("segue-sample-client", ["--label", "ONE", "--color", "2563eb"])
        _ = try compositor.waitForWindows(1)

        // This test process maps a 640x360 window on top of ONE.
        let client = try RawClient(socket: compositor.runtime.appendingPathComponent(compositor.socket).path)
        let frames = try XCTUnwrap(FeedbackLoop(client: client), "the compositor offers wp_presentation")
        let toplevel = client.makeToplevel()
        xdg_toplevel_set_title(toplevel.toplevel, "RAW")
        XCTAssertTrue(client.roundtrip())
        client.ackConfigure(toplevel, serial: try XCTUnwrap(toplevel.lastConfigureSerial))
        let pool = try XCTUnwrap(client.makePool(size: 640 * 360 * 4))
        let buffer = try XCTUnwrap(pool.makeBuffer(width: 640, height: 360, stride: 640 * 4, format: WL_SHM_FORMAT_XRGB8888.rawValue))
        client.attach(buffer, to: toplevel)
        client.damage(toplevel, width: 640, height: 360)
        client.commit(toplevel)
        XCTAssertTrue(client.roundtrip())
        let windows = try compositor.waitForWindows(2)
        XCTAssertEqual(windows.first { $0["shown"] == .bool(true) }?["title"], .string("RAW"))

        // Every frame from here on commits with a feedback request, paced by frame callbacks.
        frames.start(surface: toplevel.surface, buffer: buffer)
        XCTAssertTrue(frames.pump(until: { frames.presented.count >= 3 }, timeout: .seconds(5)), "feedback arrives before the switch")

        // The switch to ONE, waited for on another thread while this one serves the window.
        let path = compositor.runtime.appendingPathComponent("segue-\(compositor.socket).sock").path
        let result = ReplyBox()
        let thread = Thread {
            result.reply = try? IPCClient(path: path).send(.switchWindow(target: .prev, effect: "crossfade", wait: true))
        }
        thread.start()
        XCTAssertTrue(frames.pump(until: { result.reply != nil }, timeout: .seconds(8)), "the switch finished")
        // The last frame's feedback may trail the IPC reply, which comes on another socket.
        XCTAssertTrue(client.roundtrip())
        XCTAssertTrue(client.roundtrip())
        withExtendedLifetime(pool) {}

        let reply = try XCTUnwrap(result.reply)
        XCTAssertTrue(reply.ok, reply.error ?? "")
        XCTAssertEqual(reply.payload["outcome"], .string("finished"))
        let first = UInt64(try XCTUnwrap(number(reply.payload["first_ns"]), "\(reply.payload)"))
        let last = UInt64(try XCTUnwrap(number(reply.payload["last_ns"]), "\(reply.payload)"))
        let count = try XCTUnwrap(number(reply.payload["frames"]))
        let presented = frames.presented
        XCTAssertLessThan(first, last, "\(reply.payload)")
        XCTAssertTrue(presented.contains(first), "first_ns \(first) is a time the client was given: \(presented)")
        XCTAssertTrue(presented.contains(last), "last_ns \(last) is a time the client was given: \(presented)")
        XCTAssertEqual(presented, presented.sorted(), "presentation times only go forward")
        let during = presented.filter { (first...last).contains($0) }
        XCTAssertEqual(Double(during.count), count, "one feedback for each of the transition's frames: \(reply.payload), \(during)")
    }

    /// wp_presentation: the feedback of a commit that kept its content is
    /// presented with the frame that shows it, as the one before is; a buffer
    /// replaced before any frame showed it is discarded.
    func testFeedbackIsDiscardedOnlyForContentReplacedBeforeAFrameShowedIt() throws {
        compositor = try CompositorUnderTest()
        let client = try RawClient(socket: compositor.runtime.appendingPathComponent(compositor.socket).path)
        let frames = try XCTUnwrap(FeedbackLoop(client: client), "the compositor offers wp_presentation")
        let toplevel = client.makeToplevel()
        XCTAssertTrue(client.roundtrip())
        client.ackConfigure(toplevel, serial: try XCTUnwrap(toplevel.lastConfigureSerial))
        let pool = try XCTUnwrap(client.makePool(size: 2 * 640 * 360 * 4))
        let first = try XCTUnwrap(pool.makeBuffer(width: 640, height: 360, stride: 640 * 4, format: WL_SHM_FORMAT_XRGB8888.rawValue))
        let second = try XCTUnwrap(pool.makeBuffer(offset: 640 * 360 * 4, width: 640, height: 360, stride: 640 * 4,
                                                   format: WL_SHM_FORMAT_XRGB8888.rawValue))
        client.attach(first, to: toplevel)
        client.damage(toplevel, width: 640, height: 360)
        client.commit(toplevel)
        XCTAssertTrue(client.roundtrip())
        _ = try compositor.waitForWindows(1)
        XCTAssertTrue(try compositor.waitUntilSettled())

        // A new buffer, then a commit that keeps it, before any frame: both are shown by the next.
        let attached = frames.feedback(on: toplevel.surface, attaching: second)
        let kept = frames.feedback(on: toplevel.surface, attaching: nil)
        XCTAssertTrue(frames.pump(until: { attached.outcome != nil && kept.outcome != nil }, timeout: .seconds(5)))
        XCTAssertEqual(attached.outcome, kept.outcome, "presented together")
        guard case .presented? = kept.outcome else { return XCTFail("kept content is presented: \(String(describing: kept.outcome))") }
        // A buffer replaced by another before a frame showed it never was.
        let replaced = frames.feedback(on: toplevel.surface, attaching: first)
        let replacing = frames.feedback(on: toplevel.surface, attaching: second)
        XCTAssertTrue(frames.pump(until: { replaced.outcome != nil && replacing.outcome != nil }, timeout: .seconds(5)))
        XCTAssertEqual(replaced.outcome, .discarded)
        guard case .presented? = replacing.outcome else { return XCTFail("the newer buffer is presented") }
        withExtendedLifetime(pool) {}
    }
}

/// How one feedback request ended.
private final class FeedbackRecord {
    enum Outcome: Equatable { case presented(UInt64), discarded }
    var outcome: Outcome?
}

/// Commits a surface on every frame callback, each commit with a wp_presentation
/// feedback request, and records the presented times (CLOCK_MONOTONIC nanoseconds).
private final class FeedbackLoop {
    private let client: RawClient
    private var presentation: OpaquePointer?
    private var surface: OpaquePointer?
    private var buffer: OpaquePointer?
    private(set) var presented: [UInt64] = []

    init?(client: RawClient) {
        self.client = client
        let registry = wl_display_get_registry(client.display)
        wl_registry_add_listener(registry, feedbackRegistryListener, listenerData(self))
        guard client.roundtrip(), presentation != nil else { return nil }
    }

    fileprivate func announced(registry: OpaquePointer?, name: UInt32, interface: String) {
        guard interface == "wp_presentation" else { return }
        presentation = wl_registry_bind(registry, name, segue_client_wp_presentation_interface(), 1).map(OpaquePointer.init)
    }

    /// Commits `surface` with a feedback request, attaching `buffer` (nil: keeping the content).
    func feedback(on surface: OpaquePointer, attaching buffer: OpaquePointer?) -> FeedbackRecord {
        let record = FeedbackRecord()
        records.append(record)
        let feedback = wp_presentation_feedback(presentation, surface)
        wp_presentation_feedback_add_listener(feedback, recordListener, listenerData(record))
        if let buffer {
            wl_surface_attach(surface, buffer, 0, 0)
            wl_surface_damage_buffer(surface, 0, 0, 640, 360)
        }
        wl_surface_commit(surface)
        return record
    }

    private var records: [FeedbackRecord] = []

    func start(surface: OpaquePointer, buffer: OpaquePointer) {
        self.surface = surface
        self.buffer = buffer
        commitFrame()
    }

    fileprivate func commitFrame() {
        let callback = wl_surface_frame(surface)
        wl_callback_add_listener(callback, frameListener, listenerData(self))
        let feedback = wp_presentation_feedback(presentation, surface)
        wp_presentation_feedback_add_listener(feedback, presentationFeedbackListener, listenerData(self))
        wl_surface_attach(surface, buffer, 0, 0)
        wl_surface_damage_buffer(surface, 0, 0, 640, 360)
        wl_surface_commit(surface)
    }

    fileprivate func wasPresented(seconds: UInt64, nanoseconds: UInt32) {
        presented.append(seconds * 1_000_000_000 + UInt64(nanoseconds))
    }

    /// Dispatches this client's events, sending what their handlers queue at once,
    /// until `condition` holds; false on a lost connection or at `timeout`.
    func pump(until condition: () -> Bool, timeout: Duration) -> Bool {
        let display = client.display
        let deadline = ContinuousClock.now + timeout
        while !condition() {
            guard ContinuousClock.now < deadline else { return false }
            if wl_display_prepare_read(display) != 0 {
                guard wl_display_dispatch_pending(display) >= 0 else { return false }
                continue
            }
            guard wl_display_flush(display) >= 0 || errno == EAGAIN else {
                wl_display_cancel_read(display)
                return false
            }
            var socket = pollfd(fd: wl_display_get_fd(display), events: Int16(POLLIN), revents: 0)
            let ready = poll(&socket, 1, 5)
            guard ready > 0 else {
                wl_display_cancel_read(display)
                if ready < 0 && errno != EINTR { return false }
                continue
            }
            guard wl_display_read_events(display) >= 0, wl_display_dispatch_pending(display) >= 0 else { return false }
        }
        return true
    }
}

private nonisolated(unsafe) let feedbackRegistryListener = fixedListener(wl_registry_listener(
    global: { data, registry, name, interface, _ in
        (listenerObject(data) as FeedbackLoop).announced(registry: registry, name: name, interface: String(cString: interface!))
    },
    global_remove: { _, _, _ in }
))

private nonisolated(unsafe) let frameListener = fixedListener(wl_callback_listener(
    done: { data, callback, _ in
        wl_callback_destroy(callback)
        (listenerObject(data) as FeedbackLoop).commitFrame()
    }
))

private nonisolated(unsafe) let presentationFeedbackListener = fixedListener(wp_presentation_feedback_listener(
    sync_output: { _, _, _ in },
    presented: { data, feedback, secondsHigh, secondsLow, nanoseconds, _, _, _, _ in
        (listenerObject(data) as FeedbackLoop).wasPresented(seconds: UInt64(secondsHigh) << 32 | UInt64(secondsLow),
                                                            nanoseconds: nanoseconds)
        wp_presentation_feedback_destroy(feedback)
    },
    // Once the switch ends the window is hidden, and the frame it committed last is discarded.
    discarded: { _, feedback in
        wp_presentation_feedback_destroy(feedback)
    }
))

private nonisolated(unsafe) let recordListener = fixedListener(wp_presentation_feedback_listener(
    sync_output: { _, _, _ in },
    presented: { data, feedback, secondsHigh, secondsLow, nanoseconds, _, _, _, _ in
        let seconds = UInt64(secondsHigh) << 32 | UInt64(secondsLow)
        (listenerObject(data) as FeedbackRecord).outcome = .presented(seconds * 1_000_000_000 + UInt64(nanoseconds))
        wp_presentation_feedback_destroy(feedback)
    },
    discarded: { data, feedback in
        (listenerObject(data) as FeedbackRecord).outcome = .discarded
        wp_presentation_feedback_destroy(feedback)
    }
))
