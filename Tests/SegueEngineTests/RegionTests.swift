import SegueEngine
import SegueTestSupport
import XCTest

/// A region is a few rectangles that do not overlap, covering at least
/// every pixel added, merging into boxes only when they meet or get many.
final class RegionTests: XCTestCase {
    func testTwoCornersStayTwoRectangles() {
        let top = PixelRect(x: 0, y: 0, width: 32, height: 32), bottom = PixelRect(x: 608, y: 328, width: 32, height: 32)
        let region = Region([top, bottom])
        XCTAssertEqual(region.rects, [top, bottom])
        XCTAssertEqual(region.bounds, PixelRect(x: 0, y: 0, width: 640, height: 360))
    }

    func testRectanglesThatMeetMergeIntoTheirBox() {
        var region = Region([PixelRect(x: 0, y: 0, width: 10, height: 10)])
        region.add(PixelRect(x: 5, y: 5, width: 10, height: 10))
        XCTAssertEqual(region.rects, [PixelRect(x: 0, y: 0, width: 15, height: 15)])
        region.add(PixelRect(x: 2, y: 2, width: 3, height: 3))
        XCTAssertEqual(region.rects, [PixelRect(x: 0, y: 0, width: 15, height: 15)], "inside: nothing new")
    }

    func testEmptyRectanglesAddNothingAndClippingDropsWhatIsOutside() {
        var region = Region([PixelRect(x: 0, y: 0, width: 0, height: 10)])
        XCTAssertTrue(region.isEmpty)
        region.add(PixelRect(x: 90, y: 90, width: 20, height: 20))
        region.add(PixelRect(x: 200, y: 0, width: 5, height: 5))
        XCTAssertEqual(region.clipped(to: PixelRect(x: 0, y: 0, width: 100, height: 100)).rects, [PixelRect(x: 90, y: 90, width: 10, height: 10)])
    }

    /// Random rectangles: never more than the limit, none overlapping, every
    /// pixel added still covered.
    func testRandomRectanglesStayFewApartAndCovered() {
        var generator = SeededGenerator(seed: 0x2e61)
        for _ in 0..<300 {
            var region = Region()
            var added: [PixelRect] = []
            for _ in 0..<Int.random(in: 1...30, using: &generator) {
                let rect = PixelRect(x: Int.random(in: 0..<200, using: &generator), y: Int.random(in: 0..<200, using: &generator),
                                     width: Int.random(in: 1...40, using: &generator), height: Int.random(in: 1...40, using: &generator))
                region.add(rect)
                added.append(rect)
                XCTAssertLessThanOrEqual(region.rects.count, Region.limit)
                for (i, first) in region.rects.enumerated() {
                    for second in region.rects.dropFirst(i + 1) { XCTAssertNil(first.clipped(to: second), "\(first) overlaps \(second)") }
                }
            }
            for rect in added {
                // Each corner pixel of each rectangle added lies in the region.
                for (x, y) in [(rect.x, rect.y), (rect.x + rect.width - 1, rect.y + rect.height - 1)] {
                    XCTAssertTrue(region.rects.contains { $0.clipped(to: PixelRect(x: x, y: y, width: 1, height: 1)) != nil }, "(\(x), \(y))")
                }
            }
        }
    }
}
