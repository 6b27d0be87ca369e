import SegueEngine
import XCTest

/// The switcher's cards: in order left to right, the output's shape,
/// centred, as large as allowed and smaller until they fit.
final class SwitcherLayoutTests: XCTestCase {
    func testFourCardsInARowCentredInOrderWithTheOutputsShape() {
        let layout = SwitcherLayout(count: 4, width: 1920, height: 1080, scale: 1, maxHeight: 180, maxScale: 0.3, padding: 10)
        XCTAssertEqual(layout.cards.count, 4)
        let previews = layout.cards.map(\.preview)
        XCTAssertEqual(previews.map(\.height), [180, 180, 180, 180])
        XCTAssertEqual(previews.map(\.width), [320, 320, 320, 320], "16:9 like the output")
        XCTAssertEqual(Set(previews.map(\.y)).count, 1, "one row")
        XCTAssertEqual(previews.map(\.x), previews.map(\.x).sorted(), "left to right in order")
        let left = layout.cards[0].frame.x, right = 1920 - (layout.cards[3].frame.x + layout.cards[3].frame.width)
        XCTAssertEqual(left, right, "centred")
        let card = layout.cards[1]
        XCTAssertEqual(card.preview.x - card.frame.x, 10, "framed by the padding")
        XCTAssertGreaterThan(card.title.y, card.preview.y + card.preview.height, "the title under its preview")
        XCTAssertEqual(layout.card(at: Double(card.preview.x + 5), Double(card.preview.y + 5)), 1)
        XCTAssertNil(layout.card(at: 1, 1))
    }

    func testManyCardsWrapIntoRowsAndShrinkToFit() {
        let layout = SwitcherLayout(count: 20, width: 1280, height: 720, scale: 1, maxHeight: 180, maxScale: 0.3, padding: 10)
        let frames = layout.cards.map(\.frame)
        XCTAssertGreaterThan(Set(frames.map(\.y)).count, 1, "more than one row")
        XCTAssertTrue(frames.allSatisfy { $0.x >= 0 && $0.y >= 0 && $0.x + $0.width <= 1280 && $0.y + $0.height <= 720 },
                      "every card on the output: \(frames)")
        XCTAssertLessThan(layout.cards[0].preview.height, 180)
    }

    func testScale2DoublesEveryLength() {
        let one = SwitcherLayout(count: 3, width: 960, height: 540, scale: 1, maxHeight: 100, maxScale: 0.3, padding: 10)
        let two = SwitcherLayout(count: 3, width: 1920, height: 1080, scale: 2, maxHeight: 100, maxScale: 0.3, padding: 10)
        XCTAssertEqual(two.cards.map(\.preview.height), one.cards.map { $0.preview.height * 2 })
        XCTAssertEqual(two.textScale, 2 * one.textScale)
    }
}
