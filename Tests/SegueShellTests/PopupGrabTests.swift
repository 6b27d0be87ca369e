@testable import SegueShell
import XCTest

/// A window's popup grab: who has the keyboard while it holds, and which presses break it.
final class PopupGrabTests: XCTestCase {
    private final class Popup {}
    private let menu = Popup(), submenu = Popup(), tooltip = Popup()

    func testPopupsThatTookNoGrabHoldNone() {
        XCTAssertNil(PopupGrab(client: 1, popups: [(tooltip, false)]))
        XCTAssertNil(PopupGrab<Popup, Int>(client: 1, popups: []))
    }

    func testTheKeyboardGoesToTheTopmostPopupThatGrabbed() throws {
        let grab = try XCTUnwrap(PopupGrab(client: 1, popups: [(menu, true), (submenu, true), (tooltip, false)]))
        XCTAssertTrue(grab.keyboardFocus === submenu, "the submenu, not the tooltip over it")
        let closedSubmenu = try XCTUnwrap(PopupGrab(client: 1, popups: [(menu, true), (tooltip, false)]))
        XCTAssertTrue(closedSubmenu.keyboardFocus === menu, "back to the menu it came from")
    }

    func testAPressOnTheGrabbingClientsSurfacesKeepsTheGrab() throws {
        let grab = try XCTUnwrap(PopupGrab(client: 1, popups: [(menu, true)]))
        XCTAssertFalse(grab.isBroken(byPressOn: 1), "a menu item, or the window under the menu")
    }

    func testAPressOnAnotherClientOrOnNoSurfaceBreaksIt() throws {
        let grab = try XCTUnwrap(PopupGrab(client: 1, popups: [(menu, true)]))
        XCTAssertTrue(grab.isBroken(byPressOn: 2))
        XCTAssertTrue(grab.isBroken(byPressOn: nil), "the bare background")
    }
}
