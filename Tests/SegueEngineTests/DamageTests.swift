import SegueEngine
import XCTest

final class DamageTests: XCTestCase {
    private let a = PixelRect(x: 0, y: 0, width: 10, height: 10), b = PixelRect(x: 20, y: 5, width: 5, height: 20)

    func testRegionsAddUpToOneRectangleAroundThemAll() {
        var damage = Damage.none
        XCTAssertTrue(damage.isEmpty)
        damage.add(a)
        damage.add(b)
        XCTAssertEqual(damage, .within(PixelRect(x: 0, y: 0, width: 25, height: 25)))
        XCTAssertEqual(damage.region, PixelRect(x: 0, y: 0, width: 25, height: 25))
    }

    func testEverythingStaysEverything() {
        var damage = Damage.within(a)
        damage.add(nil)
        XCTAssertEqual(damage, .everywhere)
        damage.add(b)
        XCTAssertEqual(damage, .everywhere)
        XCTAssertNil(damage.region)
        XCTAssertFalse(damage.isEmpty)
    }

    func testDamageAddsDamage() {
        var damage = Damage.none
        damage.add(Damage.none)
        XCTAssertEqual(damage, .none)
        damage.add(Damage.within(b))
        XCTAssertEqual(damage, .within(b))
        damage.add(Damage.everywhere)
        XCTAssertEqual(damage, .everywhere)
    }
}
