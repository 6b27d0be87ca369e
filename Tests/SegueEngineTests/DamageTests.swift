import SegueEngine
import SegueTestSupport
import XCTest

/// Damage is nothing, everything, or a few rectangles that do not overlap,
/// covering at least every pixel added, merging into boxes only when they
/// meet or get many.
final class DamageTests: XCTestCase {
    private let a = PixelRect(x: 0, y: 0, width: 10, height: 10), b = PixelRect(x: 20, y: 5, width: 5, height: 20)

    func testRectanglesApartStayApart() {
        var damage = OutputDamage.none
        XCTAssertTrue(damage.isEmpty)
        damage.add(a)
        damage.add(b)
        XCTAssertEqual(damage.rects, [a, b])
        XCTAssertFalse(damage.isEmpty)
        XCTAssertFalse(damage.isEverywhere)
    }

    func testEverythingStaysEverything() {
        var damage = OutputDamage([a])
        damage.add(OutputDamage.everywhere)
        XCTAssertEqual(damage, .everywhere)
        damage.add(b)
        XCTAssertEqual(damage, .everywhere)
        XCTAssertTrue(damage.isEverywhere)
        XCTAssertNil(damage.rects)
        XCTAssertNil(damage.bounds, "everything has no bounds of its own")
        XCTAssertEqual(damage.rects(within: b), [b], "everything, within bounds, is the bounds")
        XCTAssertEqual(damage.clipped(to: b), OutputDamage([b]), "everything, clipped, is the bounds")
        XCTAssertFalse(damage.isEmpty)
    }

    func testDamageAddsDamage() {
        var damage = OutputDamage.none
        damage.add(OutputDamage.none)
        XCTAssertEqual(damage, .none)
        damage.add(OutputDamage([b]))
        XCTAssertEqual(damage.rects, [b])
        damage.add(OutputDamage.everywhere)
        XCTAssertEqual(damage, .everywhere)
    }

    func testNoRectanglesIsNothingChanged() {
        XCTAssertTrue(OutputDamage([]).isEmpty)
        XCTAssertEqual(OutputDamage([]), .none)
        XCTAssertFalse(OutputDamage.none.isEverywhere)
        XCTAssertNil(OutputDamage.none.bounds)
        XCTAssertEqual(OutputDamage.none.rects(within: a), [])
    }

    func testRowsAreTheBandsDamageTouchesMergedWhereTheyMeet() {
        let bounds = PixelRect(x: 0, y: 0, width: 100, height: 50)
        let damage = OutputDamage([PixelRect(x: 60, y: 30, width: 5, height: 10), PixelRect(x: 0, y: 2, width: 4, height: 4),
                                   PixelRect(x: 10, y: 5, width: 4, height: 3), PixelRect(x: 0, y: 40, width: 4, height: 20)])
        XCTAssertEqual(damage.rows(within: bounds), [2..<8, 30..<50], "touching bands merge; past the bottom is cut off")
        XCTAssertEqual(OutputDamage.everywhere.rows(within: bounds), [0..<50])
        XCTAssertEqual(OutputDamage.none.rows(within: bounds), [])
    }

    // MARK: The merge rule (what `Region` was)

    func testTwoCornersStayTwoRectangles() {
        let top = PixelRect(x: 0, y: 0, width: 32, height: 32), bottom = PixelRect(x: 608, y: 328, width: 32, height: 32)
        let damage = OutputDamage([top, bottom])
        XCTAssertEqual(damage.rects, [top, bottom])
        XCTAssertEqual(damage.bounds, PixelRect(x: 0, y: 0, width: 640, height: 360))
    }

    func testRectanglesThatMeetMergeIntoTheirBox() {
        var damage = OutputDamage([PixelRect(x: 0, y: 0, width: 10, height: 10)])
        damage.add(PixelRect(x: 5, y: 5, width: 10, height: 10))
        XCTAssertEqual(damage.rects, [PixelRect(x: 0, y: 0, width: 15, height: 15)])
        damage.add(PixelRect(x: 2, y: 2, width: 3, height: 3))
        XCTAssertEqual(damage.rects, [PixelRect(x: 0, y: 0, width: 15, height: 15)], "inside: nothing new")
    }

    func testEmptyRectanglesAddNothingAndClippingDropsWhatIsOutside() {
        var damage = OutputDamage([PixelRect(x: 0, y: 0, width: 0, height: 10)])
        XCTAssertTrue(damage.isEmpty)
        damage.add(PixelRect(x: 90, y: 90, width: 20, height: 20))
        damage.add(PixelRect(x: 200, y: 0, width: 5, height: 5))
        XCTAssertEqual(damage.clipped(to: PixelRect(x: 0, y: 0, width: 100, height: 100)).rects, [PixelRect(x: 90, y: 90, width: 10, height: 10)])
    }

    /// Past the limit, the pair whose box adds the least area merges: the
    /// two close together, not any of the far ones.
    func testPastTheLimitTheClosestPairMerges() {
        let apart = (0..<OutputDamage.limit).map { PixelRect(x: $0 * 100, y: 0, width: 10, height: 10) }
        let damage = OutputDamage(apart + [PixelRect(x: 12, y: 0, width: 10, height: 10)])
        XCTAssertEqual(damage.rects?.count, OutputDamage.limit)
        XCTAssertEqual(Set(damage.rects ?? []), Set([PixelRect(x: 0, y: 0, width: 22, height: 10)] + apart.dropFirst()))
    }

    /// Random rectangles: never more than the limit, none overlapping, every
    /// pixel added still covered.
    func testRandomRectanglesStayFewApartAndCovered() {
        var generator = SeededGenerator(seed: 0x2e61)
        for _ in 0..<300 {
            var damage = OutputDamage.none
            var added: [PixelRect] = []
            for _ in 0..<Int.random(in: 1...30, using: &generator) {
                let rect = PixelRect(x: Int.random(in: 0..<200, using: &generator), y: Int.random(in: 0..<200, using: &generator),
                                     width: Int.random(in: 1...40, using: &generator), height: Int.random(in: 1...40, using: &generator))
                damage.add(rect)
                added.append(rect)
                let rects = damage.rects ?? []
                XCTAssertFalse(damage.isEverywhere)
                XCTAssertLessThanOrEqual(rects.count, OutputDamage.limit)
                for (i, first) in rects.enumerated() {
                    for second in rects.dropFirst(i + 1) { XCTAssertNil(first.clipped(to: second), "\(first) overlaps \(second)") }
                }
            }
            let rects = damage.rects ?? []
            for rect in added {
                // Each corner pixel of each rectangle added lies in the damage.
                for (x, y) in [(rect.x, rect.y), (rect.x + rect.width - 1, rect.y + rect.height - 1)] {
                    XCTAssertTrue(rects.contains { $0.clipped(to: PixelRect(x: x, y: y, width: 1, height: 1)) != nil }, "(\(x), \(y))")
                }
            }
        }
    }
}
