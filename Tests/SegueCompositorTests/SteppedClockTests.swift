import SegueImaging
@testable import SegueShell
import XCTest

/// Frame timing on a clock the test moves: each step is one 60 Hz refresh, so
/// what each frame shows and when a transition completes are exact.
final class SteppedClockTests: XCTestCase {
    private var server: InProcessCompositor!
    private let red = RGBA(255, 0, 0), blue = RGBA(0, 0, 255)

    override func tearDown() {
        server?.stop()
    }

    func testAHundredMillisecondCrossfadeShowsASixthMoreEachRefreshAndCompletesOnce() throws {
        server = try InProcessCompositor(placement: .stacked, width: 64, height: 36, stepped: true, config: """
            [transitions.open]
            effect = "crossfade"
            duration = "100ms"
            easing = "linear"
            """)
        let client = try server.connect()
        let first = try client.makeConfiguredToplevel()
        try client.show(RGBAImage(width: 64, height: 36, fill: red), on: first.surface)
        XCTAssertTrue(client.roundtrip())
        _ = server.stepUntilIdle(sampling: 0, 0)
        XCTAssertFalse(server.backend.step(), "nothing changed: no frame")
        let earlier = server.compositor.control.reports.history.count

        let second = try client.makeConfiguredToplevel()
        try client.show(RGBAImage(width: 64, height: 36, fill: blue), on: second.surface)
        XCTAssertTrue(client.roundtrip())
        let shown = server.stepUntilIdle(sampling: 32, 18)
        // Frames at 1/6, 2/6, ... of 100 ms; the sixth shows the new window alone.
        // Then one plain frame of the new window: the transition has let go of the screen.
        XCTAssertEqual(shown.count, 7, "\(shown)")
        for (index, pixel) in shown.prefix(6).enumerated() {
            let progress = Double(index + 1) / 6
            XCTAssertEqual(Double(pixel.b), 255 * progress, accuracy: 2, "frame \(index + 1): \(shown)")
            XCTAssertEqual(Double(pixel.r), 255 * (1 - progress), accuracy: 2, "frame \(index + 1): \(shown)")
        }
        XCTAssertEqual(shown.last, blue)
        let opens = server.compositor.control.reports.history.dropFirst(earlier)
        XCTAssertEqual(opens.count, 1, "completed once")
        XCTAssertEqual(opens.first?.completion.effect, "crossfade")
        XCTAssertEqual(opens.first?.completion.statistics.frames, 6)
        XCTAssertEqual(opens.first?.completion.statistics.lateFrames, 0)
    }
}
