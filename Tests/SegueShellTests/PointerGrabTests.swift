@testable import SegueShell
import XCTest

/// Who holds the pointer while buttons are down, one at a time: a surface
/// pressed keeps it until the last release; a hand or the switcher keeps it
/// until its own button's release, and every other button meanwhile is nobody's.
final class PointerGrabTests: XCTestCase {
    private let left: UInt32 = 0x110, right: UInt32 = 0x111

    func testAFirstPressIsTheCallersToGiveAGrabTo() {
        var pointer = PointerState()
        XCTAssertEqual(pointer.route(button: left, pressed: true), .firstPress)
        XCTAssertNil(pointer.grab, "nothing is held until the caller says who has it")
    }

    func testASurfacePressedKeepsThePointerUntilTheLastRelease() {
        var pointer = PointerState(grab: .surface(buttons: [left]))
        XCTAssertEqual(pointer.route(button: right, pressed: true), .toClient)
        XCTAssertEqual(pointer.route(button: left, pressed: false), .toClient)
        XCTAssertEqual(pointer.grab, .surface(buttons: [right]), "still held by the right button")
        XCTAssertEqual(pointer.route(button: right, pressed: false), .toClient)
        XCTAssertNil(pointer.grab)
    }

    func testAReleaseOfAButtonNotHeldGoesNowhere() {
        var pointer = PointerState()
        XCTAssertEqual(pointer.route(button: left, pressed: false), .dropped)
        pointer.grab = .surface(buttons: [left])
        XCTAssertEqual(pointer.route(button: right, pressed: false), .dropped)
        XCTAssertEqual(pointer.grab, .surface(buttons: [left]))
    }

    func testAHandHoldsThePointerUntilItsOwnButtonGoes() {
        var pointer = PointerState(grab: .hand(button: left))
        XCTAssertEqual(pointer.route(button: right, pressed: true), .dropped, "another button is nobody's")
        XCTAssertEqual(pointer.route(button: right, pressed: false), .dropped)
        XCTAssertEqual(pointer.grab, .hand(button: left))
        XCTAssertEqual(pointer.route(button: left, pressed: false), .endsHand)
        XCTAssertNil(pointer.grab)
    }

    func testTheSwitchersChoiceHoldsThePointerUntilItsRelease() {
        var pointer = PointerState(grab: .switcher(button: left))
        XCTAssertEqual(pointer.route(button: left, pressed: true), .dropped)
        XCTAssertEqual(pointer.route(button: left, pressed: false), .endsSwitcher)
        XCTAssertEqual(pointer.route(button: left, pressed: true), .firstPress, "free again")
    }
}
