import SegueEngine
import SegueImaging
@testable import SegueShell
import SegueWayland
import XCTest

/// A screenshot draws again what the output shows, whichever buffer the
/// backend shows it from: it is the frame presented, pixel for pixel, still
/// and mid-transition.
final class ScreenshotTests: XCTestCase {
    private var server: InProcessCompositor!
    private var client: RawClient!
    private let blue = RGBA(0, 0, 200), green = RGBA(0, 180, 0), ink = RGBA(255, 255, 255)

    override func setUpWithError() throws {
        server = try InProcessCompositor(placement: .stacked, width: 64, height: 36, stepped: true)
        client = try server.connect()
        // Each window with a marker in its top-left corner: a flip or a swap shows.
        for colour in [blue, green] {
            let toplevel = try client.makeConfiguredToplevel()
            var image = RGBAImage(width: 64, height: 36, fill: colour)
            image.fill(ink, x: 0, y: 0, width: 8, height: 6)
            try client.show(image, on: toplevel.surface)
            XCTAssertTrue(client.roundtrip())
            _ = server.stepUntilIdle(sampling: 0, 0)
        }
    }

    override func tearDown() { server?.stop() }

    func testAScreenshotOfTheShownWindowIsTheFramePresented() throws {
        let shot = try server.compositor.output.screenImage()
        XCTAssertEqual(shot, server.presented)
        XCTAssertEqual(shot[1, 1], ink)
        XCTAssertEqual(shot[62, 34], green)
    }

    func testScreenshotsMidTransitionAreTheFramesPresented() throws {
        for effect in ["slide", "crossfade", "doom-melt", "rotate"] {
            try server.compositor.perform(.show(.prev, TransitionRequest(effect: effect)))
            var frames = 0
            while true {
                server.compositor.dispatch()
                guard server.backend.step() else { break }
                XCTAssertEqual(try server.compositor.output.screenImage(), server.presented, "\(effect), frame \(frames)")
                frames += 1
            }
            XCTAssertGreaterThan(frames, 5, effect)
        }
    }
}
