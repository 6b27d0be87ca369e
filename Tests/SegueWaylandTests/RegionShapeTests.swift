import SegueEngine
@testable import SegueWayland
import XCTest

/// A wl_region's shape answers whether it covers a whole buffer, rectangles
/// added and subtracted in order.
final class RegionShapeTests: XCTestCase {
    private let buffer = PixelRect(x: 0, y: 0, width: 100, height: 50)

    func testOneRectangleOverTheBufferCoversIt() {
        var shape = RegionShape()
        XCTAssertFalse(shape.covers(buffer), "an empty region covers nothing")
        shape.add(PixelRect(x: -10, y: -10, width: 200, height: 200))
        XCTAssertTrue(shape.covers(buffer))
    }

    func testPiecesThatTileTheBufferCoverIt() {
        var shape = RegionShape()
        shape.add(PixelRect(x: 0, y: 0, width: 60, height: 50))
        shape.add(PixelRect(x: 60, y: 0, width: 40, height: 20))
        XCTAssertFalse(shape.covers(buffer), "the bottom-right is missing")
        shape.add(PixelRect(x: 50, y: 20, width: 50, height: 30))
        XCTAssertTrue(shape.covers(buffer))
    }

    func testAHoleSubtractedUncoversAndAddingItBackCovers() {
        var shape = RegionShape()
        shape.add(buffer)
        shape.subtract(PixelRect(x: 99, y: 49, width: 1, height: 1))
        XCTAssertFalse(shape.covers(buffer), "one pixel in the bottom-right corner")
        shape.add(PixelRect(x: 90, y: 40, width: 10, height: 10))
        XCTAssertTrue(shape.covers(buffer))
    }

    func testEmptyAndNegativeRectanglesAreIgnored() {
        var shape = RegionShape()
        shape.add(buffer)
        shape.subtract(PixelRect(x: 10, y: 10, width: -5, height: 5))
        shape.subtract(PixelRect(x: 10, y: 10, width: 0, height: 5))
        XCTAssertTrue(shape.covers(buffer))
    }

    /// A client cannot make the check dear: past a bound the region covers nothing.
    func testAVeryLongRegionCoversNothing() {
        var shape = RegionShape()
        for i in 0..<1000 { shape.add(PixelRect(x: i % 100, y: 0, width: 1, height: 50)) }
        XCTAssertFalse(shape.covers(buffer))
    }
}
