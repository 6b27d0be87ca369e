import SegueEngine
import SegueImaging
@testable import SegueShell
import XCTest

/// A client's pixels stay live while its window takes part in a transition:
/// they are taken in the gap between frames, so the moving frames show them;
/// a copy that would not fit before the next frame starts waits, and the
/// moving frames show the window as it was, never late for it. The completion
/// counts each side's new pixels.
final class LiveContentTests: XCTestCase {
    private var server: InProcessCompositor!
    private let green = RGBA(0, 180, 0), blue = RGBA(0, 0, 200), yellow = RGBA(230, 200, 0), red = RGBA(220, 0, 0)

    override func tearDown() { server?.stop() }

    private func start(stepped: Bool, width: Int, height: Int, duration: String) throws {
        server = try InProcessCompositor(placement: .stacked, width: width, height: height, stepped: stepped, config: """
            [transitions]
            quality = "full"

            [transitions.switch]
            effect = "crossfade"
            duration = "\(duration)"
            easing = "linear"
            """)
    }

    private var screen: RGBAImage { server.presented }

    private func assertBlend(_ pixel: RGBA, _ from: RGBA, _ to: RGBA, progress: Double, _ message: String,
                             file: StaticString = #filePath, line: UInt = #line) {
        for (got, a, b) in [(pixel.r, from.r, to.r), (pixel.g, from.g, to.g), (pixel.b, from.b, to.b)] {
            XCTAssertEqual(Double(got), Double(a) + (Double(b) - Double(a)) * progress, accuracy: 3,
                           "\(message): \(pixel)", file: file, line: line)
        }
    }

    func testNewPixelsOfTheWindowSwitchedToShowInTheMovingFrames() throws {
        try start(stepped: true, width: 64, height: 36, duration: "200ms")
        let client = try server.connect()
        let windows = try server.openWindows([blue, green], of: client)
        try server.compositor.perform(.show(.prev))
        // Frames at 1/12, 2/12 and 3/12 of the way from green to blue.
        for _ in 0..<3 { server.compositor.dispatch(); XCTAssertTrue(server.backend.step()) }
        assertBlend(screen[40, 20], green, blue, progress: 3 / 12, "third frame")

        let buffer = try client.showTracked(marked(width: 64, height: 36, fill: yellow, marker: red), on: windows[0].surface)
        XCTAssertTrue(client.dispatch { buffer.released }, "taken between frames and given back")
        XCTAssertTrue(server.backend.step())
        assertBlend(screen[40, 20], green, yellow, progress: 4 / 12, "the fourth frame fades to the new pixels")
        assertBlend(screen[2, 2], green, red, progress: 4 / 12, "with the marker in its corner")

        _ = server.stepUntilIdle(sampling: 0, 0)
        XCTAssertEqual(screen[40, 20], yellow)
        let statistics = try XCTUnwrap(server.compositor.control.reports.history.last?.completion.statistics)
        XCTAssertEqual(statistics.toUpdates, 1)
        XCTAssertEqual(statistics.fromUpdates, 0)
        XCTAssertEqual(statistics.lateFrames, 0)
    }

    /// Real time: blue and green windows of `client` filling a 256×144 output,
    /// green shown, with copies measured here as slow as a second a MiB, so
    /// none fits between two frames.
    private func slowCopies(_ client: RawClient) throws -> [RawToplevel] {
        let windows = try [blue, green].map { fill in
            let toplevel = try client.makeConfiguredToplevel()
            try client.show(RGBAImage(width: 256, height: 144, fill: fill), on: toplevel.surface)
            XCTAssertTrue(client.roundtrip())
            XCTAssertTrue(server.serve { !server.compositor.navigation.isAnimating })
            return toplevel
        }
        server.compositor.textures.uploads.record(bytes: 1 << 20, seconds: 1)
        return windows
    }

    func testPixelsThatWouldHoldUpTheNextFrameWaitAndTheMovingFramesShowTheWindowAsItWas() throws {
        try start(stepped: false, width: 256, height: 144, duration: "400ms")
        let client = try server.connect()
        let windows = try slowCopies(client)
        try server.compositor.perform(.show(.prev))
        let started = server.compositor.control.reports.history.count
        XCTAssertTrue(server.serve { server.compositor.output.framesPresented >= 2 })

        let buffer = try client.showTracked(marked(width: 256, height: 144, fill: yellow, marker: red), on: windows[0].surface)
        XCTAssertTrue(client.roundtrip())
        let presented = server.compositor.output.framesPresented
        XCTAssertTrue(server.serve { server.compositor.output.framesPresented >= presented + 3 })
        XCTAssertTrue(server.compositor.navigation.isAnimating, "still moving")
        XCTAssertTrue(client.roundtrip())
        XCTAssertFalse(buffer.released, "its pixels wait for the last frame")
        let moving = screen[160, 100]
        XCTAssertEqual(moving.r, 0, "the window as it was, blue, fading in over green, with no yellow: \(moving)")
        XCTAssertGreaterThan(moving.b, 0, "\(moving)")

        XCTAssertTrue(server.serve { server.compositor.control.reports.history.count > started })
        XCTAssertTrue(client.dispatch { buffer.released }, "taken by the last frame")
        XCTAssertEqual(screen[160, 100], yellow, "the last frame is exact")
        XCTAssertEqual(screen[2, 2], red)
        let statistics = try XCTUnwrap(server.compositor.control.reports.history.last?.completion.statistics)
        XCTAssertEqual(statistics.toUpdates, 1, "taken once, by the last frame")
    }

    func testATransitionAHandHoldsStillShowsNewPixelsOnceTaken() throws {
        try start(stepped: false, width: 256, height: 144, duration: "400ms")
        let client = try server.connect()
        let windows = try slowCopies(client)
        try server.compositor.perform(.gesture(.begin(.previous)))
        try server.compositor.perform(.gesture(.update(0.5)))
        let presented = server.compositor.output.framesPresented
        XCTAssertTrue(server.serve { server.compositor.output.framesPresented > presented })

        let buffer = try client.showTracked(RGBAImage(width: 256, height: 144, fill: yellow), on: windows[0].surface)
        XCTAssertTrue(client.dispatch { buffer.released }, "taken once no frame is due")
        // The frame in flight when they were taken may still show the old ones; a frame after shows them.
        XCTAssertTrue(server.serve(timeout: .seconds(2)) { screen[160, 100].b < 30 }, "still \(screen[160, 100])")
        let held = screen[160, 100]
        XCTAssertEqual(Double(held.r), 115, accuracy: 3, "half green, half the new yellow: \(held)")
        XCTAssertEqual(Double(held.g), 190, accuracy: 3, "\(held)")
        try server.compositor.perform(.gesture(.cancel))
    }
}
