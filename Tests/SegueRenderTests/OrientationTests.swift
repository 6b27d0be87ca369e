import SegueEngine
import SegueImaging
import SegueRender
import XCTest

/// Rows top first, end to end: a red marker in a screen's top-left corner
/// stays there through every way a screen is drawn, so a flip or an offset fails.
final class OrientationTests: XCTestCase {
    private let red = RGBA(255, 0, 0), blue = RGBA(0, 0, 255)

    /// Blue, with a red `size`×`size` square at the top-left.
    private func marked(width: Int, height: Int, size: Int = 6) -> RGBAImage {
        var image = RGBAImage(width: width, height: height, fill: blue)
        for y in 0..<size { for x in 0..<size { image[x, y] = red } }
        return image
    }

    private func assertMarker(_ image: RGBAImage, at x: Int, _ y: Int, size: Int = 6, _ what: String,
                              file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(image[x + 1, y + 1], red, "\(what): marker's top-left", file: file, line: line)
        XCTAssertEqual(image[x + size - 2, y + size - 2], red, "\(what): marker's bottom-right", file: file, line: line)
        XCTAssertEqual(image[x + size + 1, y + size + 1], blue, "\(what): just past the marker", file: file, line: line)
    }

    func testAScreenComposedSmallerThanTheOutputKeepsItsMarkerTopLeft() throws {
        let renderer = try RenderFixture.renderer()
        let window = try Texture(image: marked(width: 40, height: 30))
        let target = try RenderTarget(width: 96, height: 54)
        try renderer.compose([(window, PixelRect(x: 28, y: 12, width: 40, height: 30))], background: (0, 0, 0), into: target)
        let image = target.readPixels()
        assertMarker(image, at: 28, 12, "composed window")
        XCTAssertEqual(image[2, 52], RGBA(0, 0, 0), "background below-left of the window")
        XCTAssertEqual(image[66, 40], blue, "the window's bottom-right")
    }

    func testAComposedScreenComposedAgainIsNotFlipped() throws {
        let renderer = try RenderFixture.renderer()
        let first = try RenderTarget(width: 96, height: 54)
        try renderer.compose([(try Texture(image: marked(width: 96, height: 54)), PixelRect(x: 0, y: 0, width: 96, height: 54))],
                             background: (0, 0, 0), into: first)
        let second = try RenderTarget(width: 96, height: 54)
        try renderer.compose([(first.texture, PixelRect(x: 0, y: 0, width: 96, height: 54))], background: (0, 0, 0), into: second)
        assertMarker(second.readPixels(), at: 0, 0, "a composed screen as a layer")
        assertMarker(try renderer.snapshot(of: second).readBack(renderer: renderer), at: 0, 0, "a snapshot")
    }

    func testEveryEffectShowsItsScreensUprightAtBothEndsInBothDirections() throws {
        let from = marked(width: 96, height: 54)
        var to = RGBAImage(width: 96, height: 54, fill: blue)
        for y in 48..<54 { for x in 90..<96 { to[x, y] = red } }
        for name in try EffectRegistry.builtin().names {
            let settings = EffectSettings(try RenderFixture.effect(name))
            for direction in [TransitionDirection.forward, .reverse] {
                let start = try RenderFixture.draw(settings, progress: 0, direction: direction, from: from, to: to)
                let end = try RenderFixture.draw(settings, progress: 1, direction: direction, from: from, to: to)
                assertMarker(start, at: 0, 0, "\(name) \(direction) at 0")
                XCTAssertEqual(end[93, 51], red, "\(name) \(direction) at 1: the destination's bottom-right marker")
                XCTAssertEqual(end[2, 2], blue, "\(name) \(direction) at 1: no source marker left")
            }
        }
    }
}

private extension Texture {
    /// The texture's pixels, through a copy into a render target.
    func readBack(renderer: Renderer) throws -> RGBAImage {
        let target = try RenderTarget(width: width, height: height)
        try renderer.compose([(self, PixelRect(x: 0, y: 0, width: width, height: height))], background: (0, 0, 0), into: target)
        return target.readPixels()
    }
}
