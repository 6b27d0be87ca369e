import SegueEngine
import SegueImaging
@testable import SegueRender
import XCTest

/// A transition frame drawn at half size per side and stretched over the
/// output shows what the full-size frame shows, where it shows it.
final class ReducedFrameTests: XCTestCase {
    private let red = RGBA(255, 0, 0), blue = RGBA(0, 0, 255), green = RGBA(0, 255, 0)

    /// `fill`, with a 12×12 red marker at the top-left.
    private func marked(_ fill: RGBA) -> RGBAImage {
        var image = RGBAImage(width: 96, height: 54, fill: fill)
        for y in 0..<12 { for x in 0..<12 { image[x, y] = red } }
        return image
    }

    private func draw(_ effect: String, progress: Double, scale: Double) throws -> RGBAImage {
        let renderer = try RenderFixture.renderer()
        let target = try RenderTarget(width: 96, height: 54)
        let settings = EffectSettings(try RenderFixture.effect(effect))
        try renderer.draw(settings, from: try Texture(image: marked(blue)), to: try Texture(image: marked(green)),
                          progress: progress, form: renderer.form(for: settings.effect, width: 96, height: 54),
                          scale: scale, into: target)
        return target.readPixels(opaque: true)
    }

    func testAFrameDrawnAtHalfSizeKeepsItsMarkerTopLeftAndMatchesTheFullSizeFrame() throws {
        let half = try draw("crossfade", progress: 0, scale: 0.5)
        // Inside the marker, away from the edge the stretch blends over two pixels.
        XCTAssertEqual(half[2, 2], red, "marker's top-left")
        XCTAssertEqual(half[9, 9], red, "marker's bottom-right")
        XCTAssertEqual(half[14, 14], blue, "past the marker")
        XCTAssertEqual(half[93, 51], blue, "bottom-right corner")
        let full = try draw("crossfade", progress: 0, scale: 1)
        // Only along the marker's edges may the two differ (the stretch's rounding).
        XCTAssertLessThanOrEqual(largestDifference(half, full, tolerance: 2, edgeShare: 0.03).distance, 2)
    }

    func testAHalfSizeFrameMidwayShowsEachScreenWhereTheFullSizeFrameDoes() throws {
        // Slide half way: the old screen's right half on the left, the new screen's left half (its marker) on the right.
        let full = try draw("slide", progress: 0.5, scale: 1)
        let half = try draw("slide", progress: 0.5, scale: 0.5)
        for (x, y) in [(20, 40), (50, 5), (60, 40), (93, 51)] {
            XCTAssertEqual(half[x, y], full[x, y], "(\(x), \(y))")
        }
        XCTAssertEqual(half[50, 5], red, "the new screen's marker, at its top-left")
        XCTAssertEqual(half[20, 40], blue)
    }

    func testAScaleOfOneDrawsTheFrameItself() throws {
        let full = try RenderFixture.draw("rotate", progress: 0.4)
        let renderer = try RenderFixture.renderer()
        let target = try RenderTarget(width: RenderFixture.width, height: RenderFixture.height)
        try renderer.draw(EffectSettings(try RenderFixture.effect("rotate")), from: try Texture(image: RenderFixture.from),
                          to: try Texture(image: RenderFixture.to), progress: 0.4, scale: 1, into: target)
        XCTAssertEqual(largestDifference(target.readPixels(opaque: true), full).distance, 0)
    }
}
