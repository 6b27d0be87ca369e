import XCTest
@testable import SegueImaging

final class RGBAImageTests: XCTestCase {
    func testDistanceIsLargestChannelDifference() {
        XCTAssertEqual(RGBA(10, 200, 30).distance(to: RGBA(20, 150, 35)), 50)
        XCTAssertEqual(RGBA.black.distance(to: RGBA(0, 0, 0, 0)), 255)
    }

    func testFillInitialiserSetsEveryPixel() {
        let image = RGBAImage(width: 3, height: 2, fill: RGBA(1, 2, 3, 4))
        XCTAssertEqual(image.pixels, Array([[UInt8]](repeating: [1, 2, 3, 4], count: 6).joined()))
    }

    func testSubscriptAddressesRowsTopToBottom() {
        var image = RGBAImage(width: 3, height: 2, fill: .black)
        image[2, 1] = RGBA(9, 8, 7, 6)
        XCTAssertEqual(image[2, 1], RGBA(9, 8, 7, 6))
        XCTAssertEqual(Array(image.pixels[20..<24]), [9, 8, 7, 6])
    }

    func testScalingTwoByTwoToOnePixelGivesTheMean() {
        let image = RGBAImage(width: 2, height: 2, pixels: [
            10, 20, 30, 255, 20, 30, 40, 255,
            30, 40, 50, 255, 40, 50, 60, 255,
        ])
        XCTAssertEqual(image.scaled(toWidth: 1, height: 1)[0, 0], RGBA(25, 35, 45))
    }

    func testLargeDownscaleAveragesWholeBlocks() {
        // Alternating black and white columns must become mid grey, not whichever column is sampled.
        var image = RGBAImage(width: 60, height: 30, fill: .black)
        for x in stride(from: 0, to: 60, by: 2) {
            image.fill(.white, x: x, y: 0, width: 1, height: 30)
        }
        let scaled = image.scaled(toWidth: 6, height: 3)
        for y in 0..<3 {
            for x in 0..<6 {
                XCTAssertLessThanOrEqual(scaled[x, y].distance(to: RGBA(128, 128, 128)), 1)
            }
        }
    }

    func testNonIntegerDownscaleKeepsUniformColour() {
        let scaled = RGBAImage(width: 1920, height: 1080, fill: RGBA(12, 34, 56)).scaled(toWidth: 317, height: 179)
        XCTAssertEqual(scaled, RGBAImage(width: 317, height: 179, fill: RGBA(12, 34, 56)))
    }

    func testTransparentPixelsDoNotBleedColourWhenScaling() {
        let image = RGBAImage(width: 2, height: 1, pixels: [200, 0, 0, 255, 0, 0, 255, 0])
        XCTAssertEqual(image.scaled(toWidth: 1, height: 1)[0, 0], RGBA(200, 0, 0, 128))
    }

    func testUpscaleCoversTheWholeImage() {
        var image = RGBAImage(width: 2, height: 1, fill: .black)
        image[1, 0] = .white
        let scaled = image.scaled(toWidth: 8, height: 4)
        XCTAssertEqual(scaled[0, 3], .black)
        XCTAssertEqual(scaled[7, 0], .white)
    }

    func testDrawClipsAtEveryEdge() {
        var canvas = RGBAImage(width: 4, height: 4, fill: .black)
        let patch = RGBAImage(width: 3, height: 3, fill: .white)
        canvas.draw(patch, atX: -2, y: 2)
        canvas.draw(patch, atX: 3, y: -2)
        canvas.draw(patch, atX: 10, y: 10)
        var white: [String] = []
        for y in 0..<4 {
            for x in 0..<4 where canvas[x, y] == .white {
                white.append("\(x),\(y)")
            }
        }
        XCTAssertEqual(white, ["3,0", "0,2", "0,3"])
    }
}
