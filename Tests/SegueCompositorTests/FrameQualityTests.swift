import SegueConfig
import SegueEngine
import SegueImaging
@testable import SegueShell
import XCTest

/// Frames too costly for their refresh are drawn smaller, and only with
/// adaptive quality: on the stepped clock at 360 Hz (a budget of 2.4 ms), an
/// effect whose shader reads each pixel's screen 24 times, whose cost goes
/// with the pixels drawn, as an elaborate user effect's would.
final class FrameQualityTests: XCTestCase {
    private var server: InProcessCompositor!
    private var shader: URL?
    private let red = RGBA(255, 0, 0), blue = RGBA(0, 0, 255), green = RGBA(0, 255, 0)
    private let width = 640, height = 360

    override func tearDown() {
        server?.stop()
        if let shader { try? FileManager.default.removeItem(at: shader) }
    }

    /// `fill`, with a 12×12 red marker at the top-left.
    private func marked(_ fill: RGBA) -> RGBAImage {
        var image = RGBAImage(width: width, height: height, fill: fill)
        for y in 0..<12 { for x in 0..<12 { image[x, y] = red } }
        return image
    }

    /// Opens two marked windows, the second with a 100 ms costly effect, and
    /// checks that the screen is then the second window exactly; returns what
    /// its transition reported.
    private func openTwo(quality: String) throws -> FrameStatistics {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("segue-costly-\(UUID().uuidString.prefix(8)).glsl")
        try """
            // A crossfade that averages 24 reads of the old screen per pixel.
            vec4 transition(vec2 uv) {
              vec4 sum = vec4(0.0);
              for (int i = 0; i < 24; i++) sum += getFromColor(uv + vec2(float(i) * 1e-7, 0.0));
              return mix(sum / 24.0, getToColor(uv), progress);
            }
            """.write(to: file, atomically: true, encoding: .utf8)
        shader = file
        server = try InProcessCompositor(placement: .stacked, width: width, height: height, stepped: true, config: """
            [output]
            refresh = 360
            [transitions]
            quality = "\(quality)"
            [effects.costly]
            shader = "\(file.path)"
            [transitions.open]
            effect = "costly"
            duration = "100ms"
            easing = "linear"
            """)
        let client = try server.connect()
        let first = try client.makeConfiguredToplevel()
        try client.show(marked(blue), on: first.surface)
        XCTAssertTrue(client.roundtrip())
        _ = server.stepUntilIdle(sampling: 0, 0)
        let earlier = server.compositor.control.reports.history.count
        let second = try client.makeConfiguredToplevel()
        let picture = marked(green)
        try client.show(picture, on: second.surface)
        XCTAssertTrue(client.roundtrip())
        let shown = server.stepUntilIdle(sampling: width / 2, height / 2)
        XCTAssertEqual(shown.last, green)
        // The last frame, and the window shown after it, are the window itself, pixel for pixel.
        let screen = server.presented
        XCTAssertTrue(screen.pixels == picture.pixels, "the screen after the transition is not the window as it is")
        XCTAssertEqual(screen[1, 1], red, "the marker, top-left")
        let opens = server.compositor.control.reports.history.dropFirst(earlier)
        XCTAssertEqual(opens.count, 1)
        return try XCTUnwrap(opens.first?.completion.statistics)
    }

    func testAdaptiveQualityDrawsTheCostlyFramesSmallerAndEveryRefreshStillGetsOne() throws {
        let statistics = try openTwo(quality: "adaptive")
        XCTAssertEqual(statistics.frames, 36, "100 ms at 360 Hz")
        XCTAssertEqual(statistics.missedRefreshes, 0)
        let full = try XCTUnwrap(server.compositor.renderer.knownFrameCost(
            of: try XCTUnwrap(server.compositor.config.effects["costly"]), width: width, height: height, scale: 1))
        let budget = 1.0 / 360 * 7 / 8
        let sizes = "sizes \(statistics.scales), render times \(statistics.renderTimes), full size timed at \(full * 1000) ms"
        if full > budget {
            // Nothing fits 2.4 ms (llvmpipe): the moving frames go to the size measured cheapest, 3/4 or 1/2 (min-scale).
            XCTAssertLessThan(statistics.medianScale, 1, sizes)
        } else if full < budget / 2 {
            // A renderer that draws it in half the budget (a GPU) has nothing to reduce.
            XCTAssertEqual(Set(statistics.scales), [1], sizes)
        }
        XCTAssertGreaterThanOrEqual(statistics.minimumScale, 0.5, "never below min-scale: \(sizes)")
        XCTAssertEqual(statistics.scales.last, 1, "the last frame is drawn at full size")
    }

    func testQualitySetAtRuntimeAppliesToTheNextTransition() throws {
        server = try InProcessCompositor(stepped: true)
        XCTAssertTrue(server.compositor.output.frameQuality.adaptive, "adaptive by default")
        guard case .success = server.compositor.set(ConfigSetting(key: "transitions.quality", value: "full")) else {
            return XCTFail("refused")
        }
        XCTAssertFalse(server.compositor.output.frameQuality.adaptive)
        guard case .success = server.compositor.set(ConfigSetting(key: "transitions.min-scale", value: "0.75")) else {
            return XCTFail("refused")
        }
        XCTAssertEqual(server.compositor.output.frameQuality, FrameQuality(adaptive: false, minimumScale: 0.75))
        guard case .failure = server.compositor.set(ConfigSetting(key: "transitions.min-scale", value: "2")) else {
            return XCTFail("a floor above 1 was taken")
        }
        XCTAssertEqual(server.compositor.output.frameQuality.minimumScale, 0.75, "the last good setting stays")
    }

    func testFullQualityDrawsEveryFrameAtFullSize() throws {
        let statistics = try openTwo(quality: "full")
        XCTAssertEqual(statistics.frames, 36)
        XCTAssertEqual(Set(statistics.scales), [1])
    }
}
