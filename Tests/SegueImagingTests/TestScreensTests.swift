import XCTest
import SegueImaging

final class TestScreensTests: XCTestCase {
    /// Checks every `step`th pixel in both directions, asserting once per size to keep failures readable.
    private func assertScreensDifferEverywhere(width: Int, height: Int, step: Int) {
        let first = TestScreens.first(width: width, height: height)
        let second = TestScreens.second(width: width, height: height)
        var closest = Int.max, position = (x: 0, y: 0), translucent = 0
        for y in stride(from: 0, to: height, by: step) {
            for x in stride(from: 0, to: width, by: step) {
                let a = first[x, y], b = second[x, y]
                if a.a != 255 || b.a != 255 { translucent += 1 }
                let distance = a.distance(to: b)
                if distance < closest { (closest, position) = (distance, (x, y)) }
            }
        }
        XCTAssertEqual(translucent, 0, "\(width)x\(height) has translucent pixels")
        XCTAssertGreaterThanOrEqual(closest, 60, "\(width)x\(height) screens are close at \(position)")
    }

    func testScreensDifferByAtLeastSixtyAtEveryPixel() {
        assertScreensDifferEverywhere(width: 64, height: 36, step: 1)
        assertScreensDifferEverywhere(width: 320, height: 180, step: 1)
        assertScreensDifferEverywhere(width: 1920, height: 1080, step: 3)
        assertScreensDifferEverywhere(width: 7, height: 5, step: 1)
        assertScreensDifferEverywhere(width: 1, height: 1, step: 1)
    }

    func testBackgroundsAreTheKeyColours() {
        let first = TestScreens.first(width: 320, height: 180)
        let second = TestScreens.second(width: 320, height: 180)
        // Clear of corner markers, colour bars, grid lines (every 20 pixels) and stripes (every 18 diagonally).
        XCTAssertEqual(first[45, 25], TestScreens.firstKey)
        XCTAssertEqual(second[40, 40], TestScreens.secondKey)
    }

    func testCornersAndCentreAreMarked() {
        for make in [TestScreens.first, TestScreens.second] {
            let image = make(320, 180)
            let corners = [image[0, 0], image[319, 0], image[0, 179], image[319, 179]]
            XCTAssertEqual(Set(corners).count, 4, "corners should be told apart")
            let centre = image[160, 90]
            XCTAssertFalse(corners.contains(centre))
        }
    }

}
