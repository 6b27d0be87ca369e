@testable import SegueShell
import XCTest

/// A key whose press was a binding keeps its release; one whose press went
/// to a client gets its release there; focus lost lets go of what clients hold.
final class KeyboardRoutingTests: XCTestCase {
    func testAReleaseGoesWhereItsPressWent() {
        var keys = KeyboardRouting()
        keys.pressed(15, bound: true)
        keys.pressed(30, bound: false)
        XCTAssertFalse(keys.released(15), "a binding's release is the compositor's")
        XCTAssertTrue(keys.released(30))
        XCTAssertFalse(keys.released(30), "released once")
    }

    func testAKeyNeverPressedHereIsNobodysWhenLetGo() {
        var keys = KeyboardRouting()
        XCTAssertFalse(keys.released(42), "pressed before Segue had the keyboard")
    }

    func testLosingFocusLetsGoOfWhatClientsHoldInOrderAndForgetsTheSwitchersModifier() {
        var keys = KeyboardRouting()
        keys.pressed(44, bound: false)
        keys.pressed(30, bound: false)
        keys.pressed(15, bound: true)
        keys.switcherHeldBy = .alt
        XCTAssertEqual(keys.focusLost(), [30, 44])
        XCTAssertTrue(keys.forwarded.isEmpty && keys.bound.isEmpty)
        XCTAssertNil(keys.switcherHeldBy)
        XCTAssertFalse(keys.released(30), "already let go")
    }
}
