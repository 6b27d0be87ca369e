import SegueEngine
import SegueImaging
import SegueRender
import XCTest

/// What each built-in effect looks like part-way, checked on read-back pixels.
final class EffectLookTests: XCTestCase {
    private let w = RenderFixture.width, h = RenderFixture.height

    func testDoomMeltMidwayShowsToAtTheTopOfSomeColumnsOnly() throws {
        // Early on, columns have moved down by 0...13% of the height.
        let image = try RenderFixture.draw("doom-melt", progress: 0.1)
        let row = h / 10
        let topRow = (0..<w).map { screen(of: image[$0, row], at: $0, row) }
        XCTAssertTrue(topRow.contains(.to), "some columns have melted away near the top")
        XCTAssertTrue(topRow.contains(.from), "some columns have not")
        // Columns differ: the boundary between `from` and `to` sits at different heights.
        let boundaries = (0..<w).map { x in (0..<h).first { screen(of: image[x, $0], at: x, $0) != .to } ?? h }
        XCTAssertGreaterThan(Set(boundaries).count, 5)
        // The bottom still shows `from`, moved down: the bottom row is not all `to`.
        XCTAssertTrue((0..<w).contains { screen(of: image[$0, h - 1], at: $0, h - 1) != .to })
    }

    func testDoomMeltColumnWidthGroupsPixelsIntoColumns() throws {
        var settings = EffectSettings(try RenderFixture.effect("doom-melt"))
        try settings.set("column-width", to: "8")
        let image = try RenderFixture.draw(settings, progress: 0.3)
        for column in 0..<(w / 8) {
            let heights = (0..<8).map { dx -> Int in
                let x = column * 8 + dx
                return (0..<h).first { screen(of: image[x, $0], at: x, $0) != .to } ?? h
            }
            XCTAssertEqual(Set(heights).count, 1, "all 8 pixels of column \(column) melt together")
        }
    }

    func testCircleRevealMidwayShowsToInTheCentreFromInTheCornersAndAShadowInsideTheEdge() throws {
        let settings = EffectSettings(try RenderFixture.effect("circle-reveal"))
        // Find the hole's radius at 0.3 from the read-back: walk right from the centre.
        let image = try RenderFixture.draw(settings, progress: 0.3)
        let cx = w / 2, cy = h / 2
        XCTAssertEqual(screen(of: image[cx, cy], at: cx, cy), .to)
        for (x, y) in [(0, 0), (w - 1, 0), (0, h - 1), (w - 1, h - 1)] {
            XCTAssertEqual(screen(of: image[x, y], at: x, y), .from, "corner (\(x), \(y))")
        }
        let edge = (cx..<w).first { screen(of: image[$0, cy], at: $0, cy) == .from } ?? w
        XCTAssertLessThan(edge, w, "the hole's edge is on screen")
        let inside = image[edge - 1, cy], clean = RenderFixture.to[edge - 1, cy]
        XCTAssertLessThan(Int(inside.r) + Int(inside.g) + Int(inside.b), Int(clean.r) + Int(clean.g) + Int(clean.b) - 30,
                          "just inside the edge `to` is darkened by the shadow")
    }

    func testCircleRevealReverseClosesTheHole() throws {
        let early = try RenderFixture.draw("circle-reveal", progress: 0.2, direction: .reverse)
        let late = try RenderFixture.draw("circle-reveal", progress: 0.8, direction: .reverse)
        func holeWidth(_ image: RGBAImage) -> Int {
            (0..<w).filter { screen(of: image[$0, h / 2], at: $0, h / 2) == .from }.count
        }
        // In a pop the popped screen (`from`) shows through a shrinking hole in `to`.
        XCTAssertGreaterThan(holeWidth(early), holeWidth(late))
        XCTAssertEqual(screen(of: late[0, 0], at: 0, 0), .to)
    }

    func testSlideAtItsOvershootPutsTheNextScreensLeftEdgeLeftOfZero() throws {
        let settings = EffectSettings(try RenderFixture.effect("slide"))
        let peak = (0...200).map { settings.progress(atElapsed: settings.duration * Double($0) / 200) }.max()!
        XCTAssertGreaterThan(peak, 1.01, "the spring overshoots")
        let image = try RenderFixture.draw(settings, progress: peak)
        // `to` is shifted left by (peak - 1) screens: its column `shift` shows at x = 0.
        let shift = Int(((peak - 1) * Double(w)).rounded())
        XCTAssertGreaterThan(shift, 0)
        let y = h / 3
        XCTAssertLessThanOrEqual(image[0, y].distance(to: RenderFixture.to[shift, y]), 24)
        // The strip it uncovered on the right shows the black background.
        XCTAssertEqual(image[w - 1, y], RGBA(0, 0, 0))
    }

    func testSlideMidwayShowsFromOnTheLeftAndToOnTheRightAndReverseSwapsSides() throws {
        let forward = try RenderFixture.draw("slide", progress: 0.5)
        XCTAssertEqual(screen(of: forward[2, 10], at: w / 2 + 2, 10), .from)
        XCTAssertEqual(screen(of: forward[w - 3, 10], at: w / 2 - 3, 10), .to)
        let reverse = try RenderFixture.draw("slide", progress: 0.5, direction: .reverse)
        XCTAssertEqual(screen(of: reverse[2, 10], at: w / 2 + 2, 10), .to, "in a pop `to` enters from the left")
        XCTAssertEqual(screen(of: reverse[w - 3, 10], at: w / 2 - 3, 10), .from)
    }

    func testRotateMidwayTurnsBothScreensAboutTheTopLeftCornerOverTheBackground() throws {
        var settings = EffectSettings(try RenderFixture.effect("rotate"))
        try settings.set("background", to: "vec3(0.0, 1.0, 0.0)")
        let image = try RenderFixture.draw(settings, progress: 0.5)
        // At an eighth of a turn the far corner is uncovered.
        XCTAssertEqual(image[w - 1, h - 1], RGBA(0, 255, 0))
        // Near the corner, along the diagonal below it `from` shows, above it `to`.
        let found = Set((1..<h).flatMap { y in (1..<w).map { x in screen(of: image[x, y], at: x, y) } })
        XCTAssertTrue(found.contains(.neither))
        // The top-left pixel is the corner itself, shared by both turned screens.
        let corner = image[0, 0]
        XCTAssertTrue(corner.distance(to: RenderFixture.from[0, 0]) < 30 || corner.distance(to: RenderFixture.to[0, 0]) < 30)
    }

    func testZoomFromRectMidwayShowsToInsideTheGrowingRectAndFromAroundIt() throws {
        let image = try RenderFixture.draw("zoom-from-rect", progress: 0.5)
        // At 0.5 the rect spans 1/8...7/8 of each side; corners are outside.
        for (x, y) in [(1, 1), (w - 2, h - 2)] {
            XCTAssertEqual(screen(of: image[x, y], at: x, y), .from)
        }
        // Its centre shows the centre of `to` (aspect kept, so centres coincide).
        XCTAssertLessThanOrEqual(image[w / 2, h / 2].distance(to: RenderFixture.to[w / 2, h / 2]), 40)
    }

    func testZoomFromRectSamplesThroughMipmapsWhenScalingDown() throws {
        // A one-pixel checkerboard shrunk to a quarter must average to grey, not alias.
        let size = 256
        var checker = RGBAImage(width: size, height: size, fill: .black)
        for y in 0..<size { for x in 0..<size where (x + y) % 2 == 0 { checker[x, y] = .white } }
        let black = RGBAImage(width: size, height: size, fill: .black)
        var settings = EffectSettings(try RenderFixture.effect("zoom-from-rect"))
        try settings.set("rect", to: "vec4(0.375, 0.375, 0.25, 0.25)")
        try settings.set("fade-in", to: "0")
        let image = try RenderFixture.draw(settings, progress: 0.0001, from: black, to: checker)
        let centre = (size / 2 - 8..<size / 2 + 8).flatMap { y in (size / 2 - 8..<size / 2 + 8).map { image[$0, y] } }
        for pixel in centre {
            XCTAssertTrue((100...155).contains(Int(pixel.g)), "mipmapped grey, got \(pixel)")
        }
    }

    func testCrossfadeMidwayIsTheAverageOfBothScreens() throws {
        let settings = EffectSettings(try RenderFixture.effect("crossfade"))
        let image = try RenderFixture.draw(settings, progress: 0.5)
        for (x, y) in [(0, 0), (w / 2, h / 2), (w - 1, h - 1)] {
            let a = RenderFixture.from[x, y], b = RenderFixture.to[x, y], c = image[x, y]
            XCTAssertLessThanOrEqual(abs(Int(c.r) - (Int(a.r) + Int(b.r)) / 2), 1)
            XCTAssertLessThanOrEqual(abs(Int(c.b) - (Int(a.b) + Int(b.b)) / 2), 1)
        }
    }
}
