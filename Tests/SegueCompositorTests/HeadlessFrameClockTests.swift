import CWaylandServer
import Foundation
import SegueBackend
import SegueHeadless
import SegueRender
import SegueWayland
import XCTest

/// The headless backend's real-time frame clock: which vblank a frame is drawn for.
final class HeadlessFrameClockTests: XCTestCase {
    /// Frames whose drawing takes 12 of the 16.7 ms a 60 Hz refresh lasts make
    /// every refresh: a frame drawn on time aims at its own vblank, not at the
    /// one after by the last frame's time padded for safety (which skipped
    /// every other refresh).
    func testFramesThatFitTheirRefreshAreDrawnForEveryVblank() throws {
        let renderer: Renderer
        do {
            renderer = try Renderer()
        } catch {
            try skipIfEGLIsMissing("\(error)")
            throw error
        }
        let loop = try XCTUnwrap(wl_event_loop_create())
        defer { wl_event_loop_destroy(loop) }
        let backend = try HeadlessBackend(loop: WaylandEventLoop(loop), width: 64, height: 64, refreshRate: 60)
        defer { backend.stop() }
        var sequences: [UInt64] = []
        backend.drawFrame = { _, buffer in
            let start = DispatchTime.now().uptimeNanoseconds
            usleep(12_000)
            renderer.submit(buffer.target, startedAt: start)
            return true
        }
        backend.events = { event in
            guard case .framePresented(_, let sequence) = event else { return }
            sequences.append(sequence)
            backend.scheduleFrame()
        }
        backend.scheduleFrame()
        let deadline = Date().addingTimeInterval(10)
        while sequences.count < 13, Date() < deadline { wl_event_loop_dispatch(loop, 100) }
        // The first frame's vblank is chosen from idle; each after it was drawn on time.
        let steps = zip(sequences.dropFirst(), sequences.dropFirst(2)).map { $1 - $0 }
        XCTAssertEqual(steps.count, 11, "frames presented: \(sequences)")
        // A loaded machine may hold a frame up now and then.
        XCTAssertGreaterThanOrEqual(steps.filter { $0 == 1 }.count, 8, "vblanks presented at: \(sequences)")
    }
}
