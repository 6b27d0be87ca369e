import CWaylandServer
import Foundation
import SegueBackend
import SegueEngine
import SegueHeadless
import SegueLoop
import SegueRender
import SegueWayland
import XCTest

/// The headless backend's real-time frame clock at 60 Hz: which vblank a frame
/// is drawn for, with frames whose drawing really takes the time given.
final class HeadlessFrameClockTests: XCTestCase {
    private var loop: OpaquePointer!
    private var backend: HeadlessBackend!
    private var renderer: Renderer!
    /// Each frame presented: its vblank and when.
    private var presented: [(sequence: UInt64, at: Instant)] = []
    /// Milliseconds each frame's drawing takes, by frame drawn; the last for the rest.
    private var drawing: [Int] = []
    /// The time each frame was drawn for, in order.
    private var predicted: [Instant] = []
    /// Frames asked for in all: each presentation asks for the next until then.
    private var wanted = 0
    private let period = 1.0 / 60

    override func setUpWithError() throws {
        do {
            renderer = try Renderer()
        } catch {
            try skipIfEGLIsMissing("\(error)")
            throw error
        }
        loop = try XCTUnwrap(wl_event_loop_create())
        backend = try HeadlessBackend(loop: WaylandEventLoop(loop), width: 64, height: 64, refreshRate: 60)
        var drawn = 0
        backend.drawFrame = { [unowned self] time, buffer in
            predicted.append(time)
            let start = DispatchTime.now().uptimeNanoseconds
            usleep(useconds_t(drawing[min(drawn, drawing.count - 1)] * 1000))
            drawn += 1
            renderer.submit(buffer.target, startedAt: start)
            return .everywhere
        }
        backend.events = { [unowned self] event in
            guard case .framePresented(let time, let sequence) = event else { return }
            presented.append((sequence, time))
            if presented.count < wanted { backend.scheduleFrame() }
        }
    }

    override func tearDown() {
        backend?.stop()
        backend = nil
        if let loop { wl_event_loop_destroy(loop) }
    }

    /// Asks for frames until `count` have been presented in all, and waits for them.
    private func run(until count: Int) {
        wanted = count
        backend.scheduleFrame()
        let deadline = Date().addingTimeInterval(10)
        while presented.count < count, Date() < deadline { wl_event_loop_dispatch(loop, 100) }
    }

    /// Frames whose drawing takes 12 of the 16.7 ms a refresh lasts make
    /// every refresh: a frame drawn on time aims at its own vblank, not at the
    /// one after by the last frame's time padded for safety (which skipped
    /// every other refresh).
    func testFramesThatFitTheirRefreshAreDrawnForEveryVblank() {
        drawing = [12]
        run(until: 13)
        // The first frame's vblank is chosen from idle; each after it was drawn on time.
        let steps = zip(presented.dropFirst(), presented.dropFirst(2)).map { $1.sequence - $0.sequence }
        XCTAssertEqual(steps.count, 11, "frames presented: \(presented.map(\.sequence))")
        // A loaded machine may hold a frame up now and then.
        XCTAssertGreaterThanOrEqual(steps.filter { $0 == 1 }.count, 8, "vblanks presented at: \(presented.map(\.sequence))")
    }

    /// A frame asked for a few milliseconds into a refresh, after one slow
    /// frame among 8 ms ones, is drawn for the coming vblank: the lead goes by
    /// what frames typically take, not by the one slow frame.
    func testOneSlowFrameDoesNotMakeTheNextFrameSkipARefresh() {
        drawing = [8, 8, 8, 8, 8, 15]
        run(until: 6)
        guard let last = presented.last else { return XCTFail("no frame was presented") }
        // 3 ms into the refresh after the next: 13.7 ms are left, enough for 8 ms, not for 15.
        let asked = Instant(nanoseconds: last.at.nanoseconds + Int64((2 * period + 0.003) * 1e9))
        while MonotonicClock.now() < asked { wl_event_loop_dispatch(loop, 1) }
        let now = MonotonicClock.now().seconds(since: last.at)
        drawing = [8]
        run(until: 7)
        XCTAssertEqual(presented.count, 7)
        // Only where the loop woke in time to tell (a loaded machine may not).
        guard now.truncatingRemainder(dividingBy: period) < 0.006 else { return }
        XCTAssertEqual(presented.last?.sequence, last.sequence + UInt64(now / period) + 1,
                       "asked \(Int(now * 1000)) ms after vblank \(last.sequence)")
    }

    /// A frame the loop was held up for (a transition's start readied its
    /// windows), which the shell expects to take 12 ms after idle 1 ms ones,
    /// is drawn for the vblank it can make at that cost, and presented then:
    /// going by the idle frames it would aim at the coming one and be late.
    func testAFrameHeldUpThatTheShellExpectsToBeSlowIsDrawnForAVblankItMakes() {
        drawing = [1]
        run(until: 5)
        drawing = [12]
        wanted = 6
        backend.expectNextFrame(renderSeconds: 0.012)
        backend.scheduleFrame()
        guard let start = backend.nextDrawStart else { return XCTFail("no frame is due") }
        // Held up 7 ms past its drawing time: 7.7 ms are left before the coming vblank, too few for 12.
        let heldUntil = Instant(nanoseconds: start.nanoseconds + 7_000_000)
        while MonotonicClock.now() < heldUntil { usleep(200) }
        let late = MonotonicClock.now().seconds(since: start)
        let deadline = Date().addingTimeInterval(10)
        while presented.count < 6, Date() < deadline { wl_event_loop_dispatch(loop, 100) }
        XCTAssertEqual(presented.count, 6)
        // Only where the loop woke in time to tell (a loaded machine may not).
        guard late < 0.009, let drawnFor = predicted.last, let shown = presented.last?.at else { return }
        XCTAssertGreaterThan(drawnFor.seconds(since: start), period, "drawn for the vblank after the coming one")
        XCTAssertEqual(shown, drawnFor, "presented when it was drawn for")
    }
}
