import CWaylandClient
import SegueEngine
import SegueImaging
import SegueWayland
import XCTest

/// Popups whose clients do things in an odd order: parents that cannot hold
/// them, surfaces destroyed first, menus closing with the keyboard in them.
/// Each client gets the error xdg-shell names, or none, and the compositor
/// goes on serving.
final class PopupLifetimeTests: XCTestCase {
    private var server: InProcessCompositor!
    private let green = RGBA(0, 160, 0), blue = RGBA(0, 0, 255), red = RGBA(255, 0, 0)
    private let buttonLeft: UInt32 = 0x110
    private let invalidPopupParent = WaylandProtocolError(interface: "xdg_wm_base", code: 3)

    override func setUpWithError() throws {
        server = try InProcessCompositor(width: 320, height: 180, config: InProcessCompositor.opensAtOnce)
    }

    override func tearDown() {
        server?.stop()
    }

    private func positioner(_ client: RawClient) throws -> OpaquePointer {
        let positioner = try XCTUnwrap(client.makePositioner())
        xdg_positioner_set_size(positioner, 20, 20)
        xdg_positioner_set_anchor_rect(positioner, 0, 0, 1, 1)
        return positioner
    }

    /// A new client can still map a window and have it drawn.
    private func assertStillServing(file: StaticString = #filePath, line: UInt = #line) throws {
        let next = try server.connect()
        _ = try server.placedWindow(next, RGBAImage(width: 40, height: 40, fill: blue), x: 0, y: 0)
        XCTAssertEqual(try server.screen()[10, 10], blue, "the compositor still serves", file: file, line: line)
    }

    /// The client is disconnected with xdg_wm_base.invalid_popup_parent, and the compositor goes on.
    private func assertRefusedAsInvalidPopupParent(_ client: RawClient, file: StaticString = #filePath, line: UInt = #line) throws {
        XCTAssertFalse(client.roundtrip(), "the compositor answered as if nothing were wrong", file: file, line: line)
        XCTAssertEqual(client.protocolError, invalidPopupParent, file: file, line: line)
        try assertStillServing(file: file, line: line)
    }

    func testAPopupWhoseParentIsItselfIsAnInvalidPopupParent() throws {
        let client = try server.connect()
        let surface = try XCTUnwrap(wl_compositor_create_surface(client.compositor))
        let xdgSurface = try XCTUnwrap(xdg_wm_base_get_xdg_surface(client.wmBase, surface))
        _ = xdg_surface_get_popup(xdgSurface, xdgSurface, try positioner(client))
        wl_surface_commit(surface)
        try assertRefusedAsInvalidPopupParent(client)
    }

    func testTwoPopupsParentedToEachOtherAreAnInvalidPopupParent() throws {
        let client = try server.connect()
        let first = try XCTUnwrap(wl_compositor_create_surface(client.compositor))
        let second = try XCTUnwrap(wl_compositor_create_surface(client.compositor))
        let firstXdg = try XCTUnwrap(xdg_wm_base_get_xdg_surface(client.wmBase, first))
        let secondXdg = try XCTUnwrap(xdg_wm_base_get_xdg_surface(client.wmBase, second))
        // The first asks for a parent with no role yet: a loop could only start so.
        _ = xdg_surface_get_popup(firstXdg, secondXdg, try positioner(client))
        _ = xdg_surface_get_popup(secondXdg, firstXdg, try positioner(client))
        wl_surface_commit(first)
        try assertRefusedAsInvalidPopupParent(client)
    }

    func testPopupsNestedDeeperThanTheLimitAreAnInvalidPopupParent() throws {
        let client = try server.connect()
        let toplevel = try server.placedWindow(client, RGBAImage(width: 100, height: 100, fill: green), x: 0, y: 0)
        var parent = toplevel.xdgSurface
        for _ in 0..<XdgPopup.maximumNesting {
            parent = client.makePopup(of: parent, width: 20, height: 20, anchorRect: PixelRect(x: 0, y: 0, width: 1, height: 1)).xdgSurface
        }
        XCTAssertTrue(client.roundtrip(), "\(XdgPopup.maximumNesting) nested popups are fine")
        _ = client.makePopup(of: parent, width: 20, height: 20, anchorRect: PixelRect(x: 0, y: 0, width: 1, height: 1))
        try assertRefusedAsInvalidPopupParent(client)
    }

    func testAPopupWhoseSurfaceIsDestroyedFirstIsNeverDrawnOrToldOfOutputsAgain() throws {
        let client = try server.connect()
        let toplevel = try server.placedWindow(client, RGBAImage(width: 100, height: 100, fill: green), x: 0, y: 0)
        let popup = client.makePopup(of: toplevel.xdgSurface, width: 20, height: 20, anchorRect: PixelRect(x: 0, y: 0, width: 1, height: 1))
        try client.show(RGBAImage(width: 20, height: 20, fill: red), onPopup: popup)
        XCTAssertEqual(try server.screen()[5, 5], red)
        wl_surface_destroy(popup.surface)
        XCTAssertTrue(client.roundtrip())
        // New surfaces, so a freed one's memory is likely reused if anything still points at it.
        for _ in 0..<5 { _ = wl_compositor_create_surface(client.compositor) }
        // New frames tell every surface of the window which outputs it is on.
        try client.show(RGBAImage(width: 100, height: 100, fill: blue), on: toplevel.surface)
        XCTAssertTrue(client.roundtrip())
        XCTAssertEqual(try server.screen()[5, 5], blue, "the popup went with its surface")
        XCTAssertNil(client.protocolError)
        xdg_popup_destroy(popup.popup)
        XCTAssertTrue(client.roundtrip())
        XCTAssertNil(client.protocolError)
    }

    func testAPopupTakenOffScreenLeavesTheOutputItEntered() throws {
        let client = try server.connect()
        _ = try XCTUnwrap(client.output)
        let toplevel = try server.placedWindow(client, RGBAImage(width: 100, height: 100, fill: green), x: 0, y: 0)
        let popup = client.makePopup(of: toplevel.xdgSurface, width: 20, height: 20, anchorRect: PixelRect(x: 0, y: 0, width: 1, height: 1))
        try client.show(RGBAImage(width: 20, height: 20, fill: red), onPopup: popup)
        XCTAssertTrue(client.dispatch { popup.outputEvents == [true] }, "\(popup.outputEvents)")
        wl_surface_attach(popup.surface, nil, 0, 0)
        wl_surface_commit(popup.surface)
        XCTAssertTrue(client.dispatch { popup.outputEvents == [true, false] }, "\(popup.outputEvents)")
        XCTAssertNotEqual(try server.screen()[5, 5], red)
    }

    /// A child popup made under a popup that was never shown goes with it, so a
    /// popup made later on the same xdg_surface cannot inherit it.
    func testDestroyingAnUnshownPopupDismissesThePopupsMadeFromIt() throws {
        let client = try server.connect()
        let toplevel = try server.placedWindow(client, RGBAImage(width: 100, height: 100, fill: green), x: 0, y: 0)
        let parent = client.makePopup(of: toplevel.xdgSurface, width: 40, height: 40, anchorRect: PixelRect(x: 0, y: 0, width: 1, height: 1))
        let child = client.makePopup(of: parent.xdgSurface, width: 20, height: 20, anchorRect: PixelRect(x: 0, y: 0, width: 1, height: 1))
        XCTAssertTrue(client.roundtrip())
        xdg_popup_destroy(parent.popup)
        XCTAssertTrue(client.roundtrip())
        XCTAssertTrue(child.done, "popup_done for the child of a destroyed popup")
        XCTAssertNil(client.protocolError)
    }

    /// Beside another client's window, a window with a grabbing menu and a
    /// grabbing submenu, the keyboard in the submenu.
    private func windowWithMenus() throws -> (RawClient, RawToplevel, menu: RawPopup, submenu: RawPopup, RawKeyboard) {
        let other = try server.connect()
        _ = try server.placedWindow(other, RGBAImage(width: 60, height: 60, fill: blue), x: 250, y: 100)
        let (client, toplevel, pointer, keyboard) = try server.pressedWindow()
        let menu = client.makePopup(of: toplevel.xdgSurface, width: 40, height: 40, anchorRect: PixelRect(x: 10, y: 10, width: 1, height: 1),
                                    grabSerial: try XCTUnwrap(pointer.lastButtonSerial))
        try client.show(RGBAImage(width: 40, height: 40, fill: red), onPopup: menu)
        let submenu = client.makePopup(of: menu.xdgSurface, width: 30, height: 30, anchorRect: PixelRect(x: 40, y: 0, width: 1, height: 1),
                                       grabSerial: try XCTUnwrap(pointer.lastButtonSerial))
        try client.show(RGBAImage(width: 30, height: 30, fill: blue), onPopup: submenu)
        server.inject(.pointerButton(time: 3, button: buttonLeft, pressed: false))
        XCTAssertTrue(client.roundtrip())
        XCTAssertEqual(keyboard.focusChanges.last, .enter(submenu.surface), "the submenu has the keyboard")
        return (client, toplevel, menu, submenu, keyboard)
    }

    func testMenusClosedByAPressElsewhereHandTheKeyboardStraightBackToTheWindow() throws {
        let (client, toplevel, menu, submenu, keyboard) = try windowWithMenus()
        let before = keyboard.focusChanges.count
        // On no window at all: the window keeps the keyboard.
        server.inject(.pointerMotion(time: 4, x: 200, y: 20))
        server.inject(.pointerButton(time: 5, button: buttonLeft, pressed: true))
        XCTAssertTrue(client.roundtrip())
        XCTAssertTrue(menu.done && submenu.done)
        XCTAssertEqual(Array(keyboard.focusChanges[before...]), [.leave(submenu.surface), .enter(toplevel.surface)],
                       "the menu being closed never has the keyboard on the way")
    }

    func testAWindowDestroyedWithMenusOpenNeverGetsTheKeyboardBack() throws {
        let (client, toplevel, menu, submenu, keyboard) = try windowWithMenus()
        let before = keyboard.focusChanges.count
        wl_surface_destroy(toplevel.surface)
        XCTAssertTrue(client.roundtrip())
        XCTAssertTrue(menu.done && submenu.done)
        XCTAssertEqual(Array(keyboard.focusChanges[before...]), [.leave(submenu.surface)],
                       "no surface of a window going away is entered")
        try assertStillServing()
    }
}
