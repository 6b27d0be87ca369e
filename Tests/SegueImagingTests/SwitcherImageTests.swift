import SegueImaging
import XCTest

/// The switcher's own pictures: its highlight's rounded frame and its titles.
final class SwitcherImageTests: XCTestCase {
    func testARoundedRectangleIsFullInsideClearAtItsCornersAndSoftOnTheCurve() {
        let image = RGBAImage.roundedRectangle(width: 40, height: 30, radius: 10, colour: RGBA(200, 100, 0))
        XCTAssertEqual(image[20, 15], RGBA(200, 100, 0, 255))
        XCTAssertEqual(image[0, 15], RGBA(200, 100, 0, 255), "straight edges are full")
        for (x, y) in [(0, 0), (39, 0), (0, 29), (39, 29)] { XCTAssertEqual(image[x, y].a, 0, "corner (\(x), \(y))") }
        let edge = image[2, 3]
        XCTAssertGreaterThan(edge.a, 0)
        XCTAssertLessThan(edge.a, 255)
        XCTAssertEqual(Double(edge.r), 200 * Double(edge.a) / 255, accuracy: 1, "premultiplied")
        XCTAssertEqual(RGBAImage.roundedRectangle(width: 4, height: 4, radius: 0, colour: RGBA(1, 2, 3))[0, 0], RGBA(1, 2, 3, 255))
    }

    func testALabelFitsItsWidthCutShortWithDots() throws {
        let full = try XCTUnwrap(BitmapFont.label("foot", maxWidth: 100, scale: 2, colour: RGBA(255, 255, 255)))
        XCTAssertEqual(full.width, BitmapFont.width(of: "foot", scale: 2))
        XCTAssertEqual(full.height, BitmapFont.cellHeight * 2)
        let cut = try XCTUnwrap(BitmapFont.label("a rather long window title", maxWidth: 60, scale: 1, colour: RGBA(255, 255, 255)))
        XCTAssertLessThanOrEqual(cut.width, 60)
        XCTAssertEqual(cut.width, BitmapFont.width(of: "a rather..", scale: 1))
        XCTAssertNil(BitmapFont.label("", maxWidth: 60, scale: 1, colour: RGBA(255, 255, 255)))
        XCTAssertNil(BitmapFont.label("title", maxWidth: 3, scale: 1, colour: RGBA(255, 255, 255)))
    }
}
