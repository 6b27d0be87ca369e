import XCTest
@testable import SegueImaging

final class BitmapFontTests: XCTestCase {
    private static let required = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ.,:=-+%()/_×x"

    /// Draws `text` on a black canvas with a border of `scale` cells all round.
    private func render(_ text: String, scale: Int) -> (image: RGBAImage, left: Int, top: Int) {
        let left = BitmapFont.cellWidth * scale, top = BitmapFont.cellHeight * scale
        var image = RGBAImage(
            width: BitmapFont.width(of: text, scale: scale) + 2 * left,
            height: BitmapFont.cellHeight * scale + 2 * top,
            fill: .black)
        BitmapFont.draw(text, into: &image, x: left, y: top, scale: scale, color: .white)
        return (image, left, top)
    }

    private func inkedPixels(_ image: RGBAImage) -> [(x: Int, y: Int)] {
        var inked: [(x: Int, y: Int)] = []
        for y in 0..<image.height {
            for x in 0..<image.width where image[x, y] == .white {
                inked.append((x, y))
            }
        }
        return inked
    }

    func testEveryRequiredCharacterHasItsOwnInkedGlyph() {
        for character in Self.required {
            XCTAssertNotNil(BitmapFont.glyphs[character], "no glyph for '\(character)'")
            XCTAssertFalse(inkedPixels(render(String(character), scale: 1).image).isEmpty, "'\(character)' draws nothing")
        }
    }

    func testGlyphsAreAllDistinct() {
        var owners: [[UInt8]: Character] = [:]
        for (character, rows) in BitmapFont.glyphs {
            if let other = owners.updateValue(character, forKey: rows) {
                XCTFail("'\(character)' and '\(other)' share a glyph")
            }
        }
        XCTAssertFalse(BitmapFont.glyphs.values.contains(BitmapFont.unknownGlyph))
    }

    func testSpaceDrawsNothing() {
        XCTAssertTrue(inkedPixels(render(" ", scale: 2).image).isEmpty)
    }

    func testUnknownCharacterDrawsABox() {
        XCTAssertNil(BitmapFont.glyphs["€"])
        let box = render("€", scale: 1)
        XCTAssertEqual(box.image[box.left, box.top + 3], .white)
        XCTAssertEqual(box.image[box.left + 2, box.top + 3], .black)
    }

    func testWidthIsCellsLessTheTrailingGap() {
        XCTAssertEqual(BitmapFont.width(of: "", scale: 3), 0)
        XCTAssertEqual(BitmapFont.width(of: "A", scale: 1), 5)
        XCTAssertEqual(BitmapFont.width(of: "t=0.25s", scale: 2), (7 * BitmapFont.cellWidth - 1) * 2)
    }

    func testInkStaysInsideMeasuredWidthAndCellHeight() {
        for scale in 1...3 {
            // Starts and ends with glyphs inked in their first and last columns.
            let text = "Wg(j)_× t=0.25s p=0.31 " + Self.required
            let (image, left, top) = render(text, scale: scale)
            let inked = inkedPixels(image)
            XCTAssertEqual(inked.map(\.x).min(), left)
            XCTAssertEqual(inked.map(\.x).max(), left + BitmapFont.width(of: text, scale: scale) - 1)
            XCTAssertGreaterThanOrEqual(inked.map(\.y).min() ?? 0, top)
            XCTAssertLessThan(inked.map(\.y).max() ?? 0, top + BitmapFont.cellHeight * scale)
        }
    }

    func testScaleEnlargesEachPixelToASquare() {
        let small = inkedPixels(render("x", scale: 1).image).count
        let large = inkedPixels(render("x", scale: 3).image).count
        XCTAssertEqual(large, small * 9)
    }

    func testDrawingOffTheCanvasIsClipped() {
        var image = RGBAImage(width: 4, height: 4, fill: .black)
        BitmapFont.draw("H", into: &image, x: -1, y: -1, scale: 1, color: .white)
        XCTAssertEqual(image[3, 0], .white)
        XCTAssertEqual(image[0, 2], .white)
        XCTAssertEqual(image[0, 0], .black)
        BitmapFont.draw("Hello", into: &image, x: 2, y: 3, scale: 2, color: .white)
        XCTAssertEqual(image[3, 3], .white)
    }
}
