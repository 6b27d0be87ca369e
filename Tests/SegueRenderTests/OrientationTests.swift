import SegueEngine
import SegueImaging
@testable import SegueRender
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
        try renderer.compose([SurfaceLayer(window, at: PixelRect(x: 28, y: 12, width: 40, height: 30))], background: (0, 0, 0), into: target)
        let image = target.readPixels()
        assertMarker(image, at: 28, 12, "composed window")
        XCTAssertEqual(image[2, 52], RGBA(0, 0, 0), "background below-left of the window")
        XCTAssertEqual(image[66, 40], blue, "the window's bottom-right")
    }

    func testAComposedScreenComposedAgainIsNotFlipped() throws {
        let renderer = try RenderFixture.renderer()
        let first = try RenderTarget(width: 96, height: 54)
        try renderer.compose([SurfaceLayer(try Texture(image: marked(width: 96, height: 54)), at: PixelRect(x: 0, y: 0, width: 96, height: 54))],
                             background: (0, 0, 0), into: first)
        let second = try RenderTarget(width: 96, height: 54)
        try renderer.compose([SurfaceLayer(try first.drawnTexture(), at: PixelRect(x: 0, y: 0, width: 96, height: 54))], background: (0, 0, 0), into: second)
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

    /// Mid-way, each marker is where the effect puts it: the source's red and the
    /// destination's yellow, both top-left on their screens. A flipped screen puts
    /// its marker at the bottom, a swapped one changes colours, an offset moves it.
    /// Reverse plays the same frames with the screens' parts exchanged.
    func testEveryEffectMidwayPutsEachScreensMarkerWhereTheEffectMovesItInBothDirections() throws {
        let yellow = RGBA(255, 255, 0), green = RGBA(0, 160, 0)
        var from = RGBAImage(width: 96, height: 54, fill: blue)
        var to = RGBAImage(width: 96, height: 54, fill: green)
        for y in 0..<8 { for x in 0..<8 { from[x, y] = red; to[x, y] = yellow } }
        typealias Box = (x: ClosedRange<Int>, y: ClosedRange<Int>)
        let corner: Box = (0...7, 0...7)
        // Forward at 0.5: (source's marker, destination's marker); nil where the effect hides it.
        let expected: [String: (Box?, Box?)] = [
            "circle-reveal": (corner, nil),                 // the reveal has not reached the corner
            "doom-melt": ((0...7, 17...36), corner),        // the source's columns melt down, the destination shows above
            "lamp": ((2...14, 7...13), corner),            // the source slides down into the funnel, the destination above it
            "rotate": ((0...4, 0...9), (1...9, 0...4)),     // both turn about the top-left corner
            "slide": (nil, (48...55, 0...7)),               // the destination half-way in from the right
            "zoom-from-rect": (corner, (12...16, 7...11)),  // the destination grows from the middle
        ]
        for name in try EffectRegistry.builtin().names {
            let settings = EffectSettings(try RenderFixture.effect(name))
            for direction in [TransitionDirection.forward, .reverse] {
                let frame = try RenderFixture.draw(settings, progress: 0.5, direction: direction, from: from, to: to)
                let what = "\(name) \(direction) mid-way"
                if name == "crossfade" {
                    // Half of each screen everywhere: the markers blend at the top-left only.
                    XCTAssertLessThanOrEqual(frame[3, 3].distance(to: RGBA(255, 128, 0)), 2, "\(what): \(frame[3, 3])")
                    XCTAssertLessThanOrEqual(frame[3, 50].distance(to: RGBA(0, 80, 128)), 2, "\(what): \(frame[3, 50])")
                    continue
                }
                let boxes = try XCTUnwrap(expected[name], "\(name) has no expectation")
                let (source, destination) = direction == .forward ? boxes : (boxes.1, boxes.0)
                for (colour, box) in [(red, source), (yellow, destination)] {
                    let found = bounds(of: colour, in: frame)
                    // Within a pixel: the edges of a turned or scaled marker are filtered.
                    let near = { (a: ClosedRange<Int>, b: ClosedRange<Int>) in
                        abs(a.lowerBound - b.lowerBound) <= 1 && abs(a.upperBound - b.upperBound) <= 1
                    }
                    let matches = switch (found, box) {
                    case (nil, nil): true
                    case let (found?, box?): near(found.x, box.x) && near(found.y, box.y)
                    default: false
                    }
                    XCTAssertTrue(matches, "\(what): \(colour)'s marker at \(found.map { "\($0.x) \($0.y)" } ?? "nowhere"), expected \(box.map { "\($0.x) \($0.y)" } ?? "nowhere")")
                }
            }
        }
    }

    /// Where `colour` appears in `image`, within a tolerance for edge filtering.
    private func bounds(of colour: RGBA, in image: RGBAImage) -> (x: ClosedRange<Int>, y: ClosedRange<Int>)? {
        var xs: [Int] = [], ys: [Int] = []
        for y in 0..<image.height { for x in 0..<image.width where image[x, y].distance(to: colour) < 10 { xs.append(x); ys.append(y) } }
        guard let minX = xs.min(), let maxX = xs.max(), let minY = ys.min(), let maxY = ys.max() else { return nil }
        return (minX...maxX, minY...maxY)
    }
}

private extension Texture {
    /// The texture's pixels, through a copy into a render target.
    func readBack(renderer: Renderer) throws -> RGBAImage {
        let target = try RenderTarget(width: width, height: height)
        try renderer.compose([SurfaceLayer(self, at: PixelRect(x: 0, y: 0, width: width, height: height))], background: (0, 0, 0), into: target)
        return target.readPixels()
    }
}
