import SegueEngine
import XCTest

final class LayerArrangementTests: XCTestCase {
    private let output = PixelRect(x: 0, y: 0, width: 1280, height: 720)

    func testATopBarKeepsItsStripAndWindowsGetTheRest() {
        let bar = LayerRequest(height: 30, anchor: [.top, .left, .right], exclusiveZone: 30)
        let (rects, usable) = LayerArrangement.arrange([bar], in: output)
        XCTAssertEqual(rects, [PixelRect(x: 0, y: 0, width: 1280, height: 30)])
        XCTAssertEqual(usable, PixelRect(x: 0, y: 30, width: 1280, height: 690))
    }

    func testStripsAlongEveryEdgeAddUpWithTheirMargins() {
        let requests = [
            LayerRequest(height: 20, anchor: [.bottom, .left, .right], exclusiveZone: 20, margin: EdgeDistances(bottom: 5)),
            LayerRequest(width: 40, height: 100, anchor: [.left], exclusiveZone: 40),
            LayerRequest(width: 10, anchor: [.right, .top, .bottom], exclusiveZone: 10, margin: EdgeDistances(right: 2)),
        ]
        let (rects, usable) = LayerArrangement.arrange(requests, in: output)
        XCTAssertEqual(rects[0], PixelRect(x: 0, y: 695, width: 1280, height: 20))
        // Taken after the bottom strip: centred on what is left of the height.
        XCTAssertEqual(rects[1], PixelRect(x: 0, y: (695 - 100) / 2, width: 40, height: 100))
        XCTAssertEqual(rects[2], PixelRect(x: 1280 - 2 - 10, y: 0, width: 10, height: 695))
        XCTAssertEqual(usable, PixelRect(x: 40, y: 0, width: 1280 - 40 - 12, height: 695))
    }

    func testAWallpaperThatIgnoresStripsCoversTheWholeOutput() {
        let bar = LayerRequest(height: 30, anchor: [.top, .left, .right], exclusiveZone: 30)
        let wallpaper = LayerRequest(anchor: .all, exclusiveZone: -1)
        let (rects, usable) = LayerArrangement.arrange([wallpaper, bar], in: output)
        XCTAssertEqual(rects[0], output)
        XCTAssertEqual(usable.y, 30)
    }

    func testASurfaceWithoutAStripIsMovedClearOfOthers() {
        let bar = LayerRequest(height: 30, anchor: [.top, .left, .right], exclusiveZone: 30)
        let notification = LayerRequest(width: 300, height: 100, anchor: [.top, .right], margin: EdgeDistances(top: 10, right: 10))
        // Given first, it is still placed after the strip is taken.
        let (rects, _) = LayerArrangement.arrange([notification, bar], in: output)
        XCTAssertEqual(rects[0], PixelRect(x: 1280 - 10 - 300, y: 30 + 10, width: 300, height: 100))
    }

    func testNoAnchorCentresAndOppositeAnchorsStretchLessMargins() {
        let launcher = LayerRequest(width: 400, height: 300)
        let stretched = LayerRequest(height: 50, anchor: [.left, .right], margin: EdgeDistances(right: 20, left: 100))
        let (rects, usable) = LayerArrangement.arrange([launcher, stretched], in: output)
        XCTAssertEqual(rects[0], PixelRect(x: 440, y: 210, width: 400, height: 300))
        XCTAssertEqual(rects[1], PixelRect(x: 100, y: 335, width: 1160, height: 50))
        XCTAssertEqual(usable, output)
    }

    func testACornerOrCentredSurfaceKeepsNoStrip() {
        let corner = LayerRequest(width: 50, height: 50, anchor: [.top, .left], exclusiveZone: 50)
        let centred = LayerRequest(width: 50, height: 50, exclusiveZone: 50)
        let (rects, usable) = LayerArrangement.arrange([corner, centred], in: output)
        XCTAssertEqual(rects[0], PixelRect(x: 0, y: 0, width: 50, height: 50))
        XCTAssertEqual(usable, output)
    }

    func testAStripDeeperThanTheOutputLeavesNothingNotLessThanNothing() {
        let huge = LayerRequest(height: 900, anchor: [.top], exclusiveZone: 900)
        XCTAssertEqual(LayerArrangement.arrange([huge], in: output).usable.height, 0)
    }

    func testANegativeMarginNeverWidensTheAreaLeft() {
        let odd = LayerRequest(width: 10, anchor: [.left, .top, .bottom], exclusiveZone: 1, margin: EdgeDistances(left: Int(Int32.min)))
        XCTAssertEqual(LayerArrangement.arrange([odd], in: output).usable, output)
    }
}
