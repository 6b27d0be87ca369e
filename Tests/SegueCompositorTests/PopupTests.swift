import CWaylandClient
import SegueEngine
import SegueImaging
@testable import SegueShell
import SegueWayland
import XCTest

/// xdg_popup: menus drawn over their window where the positioner says, taking
/// the pointer over them, the keyboard when they grab, and going when the grab
/// is broken. In-process compositors, served from the test's thread.
final class PopupTests: XCTestCase {
    private var server: InProcessCompositor!
    private let red = RGBA(255, 0, 0), green = RGBA(0, 160, 0), blue = RGBA(0, 0, 255), yellow = RGBA(255, 255, 0)
    private let buttonLeft: UInt32 = 0x110

    override func tearDown() {
        server?.stop()
    }

    /// A client's green window at (20, 20) with a red 40×40 menu shown at (30, 30).
    private func windowWithMenu() throws -> (RawClient, RawToplevel, RawPopup) {
        server = try InProcessCompositor(width: 320, height: 180, config: InProcessCompositor.opensAtOnce)
        let client = try server.connect()
        let toplevel = try server.placedWindow(client, RGBAImage(width: 120, height: 80, fill: green), x: 20, y: 20)
        let menu = client.makePopup(of: toplevel.xdgSurface, width: 40, height: 40, anchorRect: PixelRect(x: 10, y: 10, width: 1, height: 1))
        try client.show(RGBAImage(width: 40, height: 40, fill: red), onPopup: menu)
        return (client, toplevel, menu)
    }

    func testAPopupIsDrawnOverItsWindowWhereItsPositionerPutsIt() throws {
        server = try InProcessCompositor(width: 320, height: 180, config: InProcessCompositor.opensAtOnce)
        let client = try server.connect()
        let toplevel = try server.placedWindow(client, marked(width: 120, height: 80, fill: green, marker: red), x: 40, y: 30)
        // Below and right of the anchor rectangle's bottom right corner: (30, 30) in the window.
        let popup = client.makePopup(of: toplevel.xdgSurface, width: 40, height: 20, anchorRect: PixelRect(x: 10, y: 10, width: 20, height: 20),
                                     anchor: XDG_POSITIONER_ANCHOR_BOTTOM_RIGHT, gravity: XDG_POSITIONER_GRAVITY_BOTTOM_RIGHT)
        try client.show(marked(width: 40, height: 20, fill: blue, marker: yellow, side: 4), onPopup: popup)
        XCTAssertEqual(popup.rectangle, PixelRect(x: 30, y: 30, width: 40, height: 20))
        let shot = try server.screen()
        // The popup spans (70, 60)-(109, 79) on the output, over the window.
        for (x, y, colour, what) in [(70, 60, yellow, "the popup's marker"), (75, 65, blue, "the popup"),
                                     (109, 79, blue, "the popup's bottom right"), (69, 65, green, "the window, left of the popup"),
                                     (110, 65, green, "the window, right of the popup"), (75, 80, green, "the window, below the popup"),
                                     (41, 31, red, "the window's marker")] {
            XCTAssertEqual(shot[x, y], colour, "\(what) at (\(x), \(y))")
        }
    }

    func testAPopupIsDrawnOverTheOneWindowShownWhenWindowsAreStacked() throws {
        server = try InProcessCompositor(placement: .stacked, width: 320, height: 180, config: InProcessCompositor.opensAtOnce)
        let client = try server.connect()
        let toplevel = try client.makeConfiguredToplevel()
        try client.show(marked(width: 320, height: 180, fill: green, marker: red), on: toplevel.surface)
        let popup = client.makePopup(of: toplevel.xdgSurface, width: 50, height: 30, anchorRect: PixelRect(x: 200, y: 100, width: 1, height: 1),
                                     anchor: XDG_POSITIONER_ANCHOR_TOP_LEFT, gravity: XDG_POSITIONER_GRAVITY_BOTTOM_RIGHT)
        try client.show(marked(width: 50, height: 30, fill: blue, marker: yellow, side: 4), onPopup: popup)
        let shot = try server.screen()
        XCTAssertEqual(shot[200, 100], yellow, "the popup's marker at the anchor point")
        XCTAssertEqual(shot[240, 120], blue, "the popup")
        XCTAssertEqual(shot[199, 100], green, "the window left of the popup")
        XCTAssertEqual(shot[250, 100], green, "the window right of the popup")
        XCTAssertEqual(shot[1, 1], red, "the window's marker")
    }

    func testAPopupThatWouldLeaveTheOutputSlidesBackOntoItWhereAllowed() throws {
        server = try InProcessCompositor(width: 320, height: 180, config: InProcessCompositor.opensAtOnce)
        let client = try server.connect()
        let toplevel = try server.placedWindow(client, RGBAImage(width: 100, height: 100, fill: green), x: 200, y: 20)
        let popup = client.makePopup(of: toplevel.xdgSurface, width: 80, height: 30, anchorRect: PixelRect(x: 90, y: 10, width: 10, height: 10),
                                     anchor: XDG_POSITIONER_ANCHOR_TOP_RIGHT, gravity: XDG_POSITIONER_GRAVITY_BOTTOM_RIGHT,
                                     adjustment: XDG_POSITIONER_CONSTRAINT_ADJUSTMENT_SLIDE_X)
        XCTAssertTrue(client.roundtrip())
        // At x 100 in the window, 300 on the output, 80 wide, it would end at 380: slid to end at 320.
        XCTAssertEqual(popup.rectangle, PixelRect(x: 40, y: 10, width: 80, height: 30))
    }

    func testThePointerGoesToThePopupOverItsWindowAndBackWhenThePopupGoes() throws {
        server = try InProcessCompositor(width: 320, height: 180, config: InProcessCompositor.opensAtOnce)
        let client = try server.connect()
        let pointer = client.makePointer()
        let toplevel = try server.placedWindow(client, RGBAImage(width: 120, height: 80, fill: green), x: 40, y: 30)
        let popup = client.makePopup(of: toplevel.xdgSurface, width: 30, height: 30, anchorRect: PixelRect(x: 0, y: 0, width: 1, height: 1),
                                     anchor: XDG_POSITIONER_ANCHOR_TOP_LEFT, gravity: XDG_POSITIONER_GRAVITY_BOTTOM_RIGHT)
        try client.show(RGBAImage(width: 30, height: 30, fill: blue), onPopup: popup)
        server.inject(.pointerMotion(time: 1, x: 45, y: 35))
        XCTAssertTrue(client.roundtrip())
        XCTAssertEqual(pointer.focus, popup.surface, "the popup, over its window")
        XCTAssertEqual(pointer.events.last, .enter(popup.surface, x: 5, y: 5))
        xdg_popup_destroy(popup.popup)
        XCTAssertTrue(client.roundtrip())
        XCTAssertEqual(pointer.focus, toplevel.surface, "the window, once the popup went")
        XCTAssertEqual(pointer.events.last, .enter(toplevel.surface, x: 5, y: 5))
    }

    func testAGrabbingPopupHasTheKeyboardUntilAPressOutsideItsClientDismissesIt() throws {
        server = try InProcessCompositor(width: 320, height: 180, config: InProcessCompositor.opensAtOnce)
        let other = try server.connect()
        _ = try server.placedWindow(other, RGBAImage(width: 100, height: 100, fill: blue), x: 200, y: 40)
        // A click on the window gives the serial a grab must answer.
        let (client, toplevel, pointer, keyboard) = try server.pressedWindow()
        server.inject(.pointerButton(time: 3, button: buttonLeft, pressed: false))
        XCTAssertTrue(client.roundtrip())
        let serial = try XCTUnwrap(pointer.lastButtonSerial)
        let popup = client.makePopup(of: toplevel.xdgSurface, width: 40, height: 40, anchorRect: PixelRect(x: 10, y: 10, width: 1, height: 1),
                                     anchor: XDG_POSITIONER_ANCHOR_TOP_LEFT, gravity: XDG_POSITIONER_GRAVITY_BOTTOM_RIGHT, grabSerial: serial)
        try client.show(RGBAImage(width: 40, height: 40, fill: red), onPopup: popup)
        XCTAssertEqual(keyboard.focusChanges.last, .enter(popup.surface), "a grabbing popup has the keyboard")
        // A press on the window under it is the client's own: the popup stays.
        server.inject(.pointerMotion(time: 4, x: 120, y: 90))
        server.inject(.pointerButton(time: 5, button: buttonLeft, pressed: true))
        server.inject(.pointerButton(time: 6, button: buttonLeft, pressed: false))
        XCTAssertTrue(client.roundtrip())
        XCTAssertFalse(popup.done)
        // A press over another client's window breaks the grab.
        server.inject(.pointerMotion(time: 7, x: 250, y: 90))
        server.inject(.pointerButton(time: 8, button: buttonLeft, pressed: true))
        XCTAssertTrue(client.roundtrip())
        XCTAssertTrue(popup.done, "popup_done after a press outside the client")
        XCTAssertTrue(keyboard.focusChanges.contains(.leave(popup.surface)), "the popup gave the keyboard up")
        XCTAssertNotEqual(try server.screen()[35, 35], red, "a dismissed popup is off screen")
    }

    func testAPopupGoesWhenAnotherWindowTakesTheKeyboard() throws {
        let (client, _, popup) = try windowWithMenu()
        XCTAssertFalse(popup.done)
        _ = try server.placedWindow(client, RGBAImage(width: 60, height: 60, fill: blue), x: 200, y: 20)
        XCTAssertTrue(client.roundtrip())
        XCTAssertTrue(popup.done)
    }

    func testPopupsStackInTheOrderTheyWereMadeAndGoNewestFirst() throws {
        server = try InProcessCompositor(width: 320, height: 180, config: InProcessCompositor.opensAtOnce)
        let client = try server.connect()
        let toplevel = try server.placedWindow(client, RGBAImage(width: 200, height: 120, fill: green), x: 20, y: 20)
        let menu = client.makePopup(of: toplevel.xdgSurface, width: 60, height: 60, anchorRect: PixelRect(x: 10, y: 10, width: 1, height: 1),
                                    anchor: XDG_POSITIONER_ANCHOR_TOP_LEFT, gravity: XDG_POSITIONER_GRAVITY_BOTTOM_RIGHT)
        try client.show(RGBAImage(width: 60, height: 60, fill: red), onPopup: menu)
        let tooltip = client.makePopup(of: toplevel.xdgSurface, width: 60, height: 60, anchorRect: PixelRect(x: 50, y: 30, width: 1, height: 1),
                                       anchor: XDG_POSITIONER_ANCHOR_TOP_LEFT, gravity: XDG_POSITIONER_GRAVITY_BOTTOM_RIGHT)
        try client.show(RGBAImage(width: 60, height: 60, fill: blue), onPopup: tooltip)
        // Made last, from the first menu: above the tooltip, though its parent is under it.
        let submenu = client.makePopup(of: menu.xdgSurface, width: 40, height: 40, anchorRect: PixelRect(x: 50, y: 30, width: 1, height: 1),
                                       anchor: XDG_POSITIONER_ANCHOR_TOP_LEFT, gravity: XDG_POSITIONER_GRAVITY_BOTTOM_RIGHT)
        try client.show(RGBAImage(width: 40, height: 40, fill: yellow), onPopup: submenu)
        let screen = try server.screen()
        // Window at (20, 20): menu from (30, 30), tooltip from (70, 50), submenu from (80, 60).
        XCTAssertEqual(screen[35, 35], red, "the menu")
        XCTAssertEqual(screen[75, 55], blue, "the tooltip over the menu")
        XCTAssertEqual(screen[85, 65], yellow, "the submenu over the tooltip")
        XCTAssertEqual(screen[125, 105], blue, "the tooltip past the submenu")
        // The window going dismisses them all, newest first, as clients must destroy them.
        client.attach(nil, to: toplevel)
        client.commit(toplevel)
        XCTAssertTrue(client.roundtrip())
        let order = [submenu, tooltip, menu].map(\.doneOrder)
        XCTAssertFalse(order.contains(nil), "\(order)")
        XCTAssertEqual(order.compactMap { $0 }, order.compactMap { $0 }.sorted(), "submenu, tooltip, then menu: \(order)")
    }

    func testDestroyingAPopupUnderAnotherShownOneIsNotTheTopmostPopup() throws {
        let (client, _, menu) = try windowWithMenu()
        let submenu = client.makePopup(of: menu.xdgSurface, width: 30, height: 30, anchorRect: PixelRect(x: 40, y: 0, width: 1, height: 1))
        try client.show(RGBAImage(width: 30, height: 30, fill: blue), onPopup: submenu)
        xdg_popup_destroy(menu.popup)
        XCTAssertFalse(client.roundtrip())
        XCTAssertEqual(client.protocolError, WaylandProtocolError(interface: "xdg_wm_base", code: 2))
        XCTAssertTrue(client.connectionClosed())
        let next = try server.connect()
        _ = try server.placedWindow(next, RGBAImage(width: 40, height: 40, fill: blue), x: 0, y: 0)
        XCTAssertEqual(try server.screen()[10, 10], blue, "the compositor still serves")
    }

    func testAWindowMappedAgainComesBackWhereItWasPlaced() throws {
        server = try InProcessCompositor(width: 320, height: 180, config: InProcessCompositor.opensAtOnce)
        let client = try server.connect()
        let toplevel = try server.placedWindow(client, marked(width: 60, height: 40, fill: green, marker: red), x: 150, y: 90)
        client.attach(nil, to: toplevel)
        client.commit(toplevel)
        // Unmapped, it starts over: a bare commit, the configure that answers it, then a buffer.
        client.commit(toplevel)
        XCTAssertTrue(client.roundtrip())
        client.ackConfigure(toplevel, serial: try XCTUnwrap(toplevel.lastConfigureSerial))
        try client.show(marked(width: 60, height: 40, fill: green, marker: red), on: toplevel.surface)
        // The frame after the commit, not one already due when it came.
        XCTAssertTrue(client.roundtrip())
        let shot = try server.screen()
        XCTAssertEqual(shot[150, 90], red, "the marker where the window was placed")
        XCTAssertEqual(shot[0, 0], RGBA(20, 20, 26), "nothing at the output's top left")
    }

    func testWithTheWLCSToleranceAFirstCommitWithABufferMapsTheToplevel() throws {
        server = try InProcessCompositor(width: 320, height: 180, config: InProcessCompositor.opensAtOnce, toleratesBufferBeforeConfigure: true)
        let client = try server.connect()
        let surface = try XCTUnwrap(wl_compositor_create_surface(client.compositor))
        let xdgSurface = try XCTUnwrap(xdg_wm_base_get_xdg_surface(client.wmBase, surface))
        let toplevel = RawToplevel(surface: surface, xdgSurface: xdgSurface, toplevel: xdg_surface_get_toplevel(xdgSurface)!)
        try client.show(marked(width: 60, height: 40, fill: green, marker: red), on: surface)
        XCTAssertTrue(client.roundtrip())
        XCTAssertNotNil(toplevel.lastConfigureSerial, "configured at that first commit")
        let shot = try server.screen()
        XCTAssertEqual(shot[0, 0], red)
        XCTAssertEqual(shot[30, 20], green)
    }
}

/// A real toolkit's menus: GTK 3's context menu of an entry, opened with a
/// right click, grabbing the keyboard, and closed with Escape.
final class GtkPopupTests: XCTestCase {
    private var server: InProcessCompositor!
    private var app: Process?
    private var runtime: URL!

    override func setUpWithError() throws {
        runtime = FileManager.default.temporaryDirectory.appendingPathComponent("segue-gtk-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
    }

    override func tearDown() {
        app?.terminate()
        app?.waitUntilExit()
        server?.stop()
        try? FileManager.default.removeItem(at: runtime)
    }

    /// The shown window's mapped popups: where their window geometry (the
    /// menu without its shadow) is on the output.
    private func popups() -> [PixelRect] {
        guard let window = server.compositor.stack.shown else { return [] }
        return window.placedSurfaces().compactMap { placed in
            guard let popup = placed.surface.role as? XdgPopup,
                  let origin = server.compositor.input.screenOrigin(of: placed.surface) else { return nil }
            let geometry = popup.xdgSurface.geometry ?? PixelRect(x: 0, y: 0, width: placed.surface.width, height: placed.surface.height)
            return PixelRect(x: Int(origin.x) + geometry.x, y: Int(origin.y) + geometry.y, width: geometry.width, height: geometry.height)
        }
    }

    func testAnEntrysContextMenuOpensAtThePointerOverTheWindowAndEscapeClosesIt() throws {
        server = try InProcessCompositor(placement: .stacked, width: 1600, height: 900, config: InProcessCompositor.opensAtOnce)
        app = try server.launch("gtk3-widget-factory", runtime: runtime,
                                environment: ["GDK_BACKEND": "wayland", "GTK_THEME": "Adwaita", "NO_AT_BRIDGE": "1"])
        // The first entry, under the header bar at the top left, starts with its text selected in Adwaita's blue.
        let selection = RGBA(53, 132, 228)
        var before = RGBAImage(width: 1, height: 1, fill: selection)
        XCTAssertTrue(server.serve(timeout: .seconds(60)) {
            guard server.windowCount == 1, let shot = try? server.screen() else { return false }
            before = shot
            let hits = (66...80).reduce(0) { count, row in count + (24...100).filter { shot[$0, row] == selection }.count }
            return hits > 15 * 77 / 2
        }, "gtk3-widget-factory shows its window with the entry's text selected")
        // Settled: GTK's first frames may still show the window inactive.
        _ = server.serve(timeout: .seconds(1)) { false }
        before = try server.screen()
        let (x, y) = (60.0, 73.0)
        server.inject(.pointerMotion(time: 1, x: x, y: y))
        server.inject(.pointerButton(time: 2, button: 0x111, pressed: true))
        server.inject(.pointerButton(time: 3, button: 0x111, pressed: false))
        XCTAssertTrue(server.serve(timeout: .seconds(20)) { !popups().isEmpty }, "GTK opened a popup")
        // Let the menu draw its items.
        _ = server.serve(timeout: .seconds(1)) { false }
        let menu = try XCTUnwrap(popups().first)
        let shot = try server.screen()
        // GTK anchors a context menu to the pointer's pixel, opening down and right from its far corner.
        XCTAssertEqual(menu.x, Int(x) + 1, "\(menu)")
        XCTAssertEqual(menu.y, Int(y) + 1, "\(menu)")
        let inner = PixelRect(x: menu.x + 4, y: menu.y + 4, width: menu.width - 8, height: menu.height - 8)
        var changed = 0, dark = 0
        for row in inner.y..<(inner.y + inner.height) {
            for column in inner.x..<(inner.x + inner.width) {
                if shot[column, row] != before[column, row] { changed += 1 }
                if Int(shot[column, row].r) + Int(shot[column, row].g) + Int(shot[column, row].b) < 300 { dark += 1 }
            }
        }
        XCTAssertGreaterThan(Double(changed) / Double(inner.width * inner.height), 0.5, "the menu is drawn over the window")
        XCTAssertGreaterThan(dark, 20, "with its items' text")
        XCTAssertEqual(shot[1500, 850], before[1500, 850], "the window elsewhere is as it was")
        // The menu grabbed the keyboard: Escape goes to it, and GTK closes it.
        server.inject(.key(time: 4, key: 1, pressed: true))
        server.inject(.key(time: 5, key: 1, pressed: false))
        XCTAssertTrue(server.serve(timeout: .seconds(10)) { popups().isEmpty }, "Escape closed the menu")
        let after = try server.screen()
        XCTAssertEqual(after[inner.x + inner.width - 1, inner.y + inner.height - 1],
                       before[inner.x + inner.width - 1, inner.y + inner.height - 1], "the window shows where the menu was")
    }
}
