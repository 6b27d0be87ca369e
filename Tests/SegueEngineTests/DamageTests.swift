import SegueEngine
import XCTest

final class DamageTests: XCTestCase {
    private let a = PixelRect(x: 0, y: 0, width: 10, height: 10), b = PixelRect(x: 20, y: 5, width: 5, height: 20)

    func testRectanglesApartStayApart() {
        var damage = Damage.none
        XCTAssertTrue(damage.isEmpty)
        damage.add(a)
        damage.add(b)
        XCTAssertEqual(damage.rects, [a, b])
        XCTAssertFalse(damage.isEmpty)
    }

    func testEverythingStaysEverything() {
        var damage = Damage.within(Region([a]))
        damage.add(nil)
        XCTAssertEqual(damage, .everywhere)
        damage.add(b)
        XCTAssertEqual(damage, .everywhere)
        XCTAssertNil(damage.rects)
        XCTAssertEqual(damage.rects(within: b), [b], "everything, within bounds, is the bounds")
        XCTAssertFalse(damage.isEmpty)
    }

    func testDamageAddsDamage() {
        var damage = Damage.none
        damage.add(Damage.none)
        XCTAssertEqual(damage, .none)
        damage.add(Damage.within(Region([b])))
        XCTAssertEqual(damage.rects, [b])
        damage.add(Damage.everywhere)
        XCTAssertEqual(damage, .everywhere)
    }

    func testAnEmptyRegionIsNothingChanged() {
        XCTAssertTrue(Damage.within(Region()).isEmpty)
        XCTAssertEqual(Damage.none.rects(within: a), [])
    }

    func testRowsAreTheBandsDamageTouchesMergedWhereTheyMeet() {
        let bounds = PixelRect(x: 0, y: 0, width: 100, height: 50)
        let damage = Damage.within(Region([PixelRect(x: 60, y: 30, width: 5, height: 10), PixelRect(x: 0, y: 2, width: 4, height: 4),
                                           PixelRect(x: 10, y: 5, width: 4, height: 3), PixelRect(x: 0, y: 40, width: 4, height: 20)]))
        XCTAssertEqual(damage.rows(within: bounds), [2..<8, 30..<50], "touching bands merge; past the bottom is cut off")
        XCTAssertEqual(Damage.everywhere.rows(within: bounds), [0..<50])
        XCTAssertEqual(Damage.none.rows(within: bounds), [])
    }
}

