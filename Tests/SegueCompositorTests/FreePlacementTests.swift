import CWaylandClient
import SegueEngine
import SegueImaging
@testable import SegueShell
import XCTest

/// Free placement, as WLCS drives it: windows where they are put, all on
/// screen, the last shown on top; pointer and touch go to the surface under
/// them, local to it. An in-process compositor, served from the test's thread.
final class FreePlacementTests: XCTestCase {
    private var server: InProcessCompositor!
    private let red = RGBA(255, 0, 0), green = RGBA(0, 160, 0), blue = RGBA(0, 0, 255), yellow = RGBA(255, 255, 0)
    private let background = RGBA(20, 20, 26)
    private let buttonLeft: UInt32 = 0x110

    /// Windows open and close at once here: these tests are about where they are, not how they come.
    override func setUpWithError() throws {
        server = try InProcessCompositor(width: 320, height: 180, config: InProcessCompositor.opensAtOnce)
    }

    override func tearDown() {
        server?.stop()
    }

    func testWindowsAreDrawnWhereTheyArePlacedTheLastShownOnTop() throws {
        let client = try server.connect()
        _ = try server.placedWindow(client, marked(width: 100, height: 60, fill: green, marker: red), x: 20, y: 30)
        _ = try server.placedWindow(client, marked(width: 80, height: 50, fill: blue, marker: yellow), x: 90, y: 60)
        let shot = try server.screen()
        // The first spans (20, 30)-(119, 89), the second (90, 60)-(169, 109), over it.
        for (x, y, colour, what) in [(21, 31, red, "the first's marker"), (35, 31, green, "the first, right of its marker"),
                                     (60, 85, green, "the first, below the second"), (91, 61, yellow, "the second's marker"),
                                     (110, 80, blue, "the second over the first"), (168, 108, blue, "the second's bottom right"),
                                     (19, 31, background, "left of the first"), (121, 40, background, "right of the first"),
                                     (170, 70, background, "right of the second"), (100, 110, background, "below the second")] {
            XCTAssertEqual(shot[x, y], colour, "\(what) at (\(x), \(y))")
        }
    }

    func testThePointerEntersTheSurfaceUnderItAtLocalCoordinatesAndLeavesIt() throws {
        let client = try server.connect()
        let pointer = client.makePointer()
        let toplevel = try server.placedWindow(client, RGBAImage(width: 100, height: 60, fill: green), x: 40, y: 30)
        server.inject(.pointerMotion(time: 1, x: 50, y: 35))
        server.inject(.pointerMotion(time: 2, x: 60, y: 40))
        server.inject(.pointerMotion(time: 3, x: 200, y: 150))
        XCTAssertTrue(client.roundtrip())
        XCTAssertEqual(pointer.events, [.enter(toplevel.surface, x: 10, y: 5), .motion(x: 20, y: 10), .leave(toplevel.surface)])
    }

    func testButtonsHeldKeepThePointerOnItsSurfaceOutsideIt() throws {
        let client = try server.connect()
        let pointer = client.makePointer()
        let toplevel = try server.placedWindow(client, RGBAImage(width: 100, height: 60, fill: green), x: 40, y: 30)
        server.inject(.pointerMotion(time: 1, x: 50, y: 35))
        server.inject(.pointerButton(time: 2, button: buttonLeft, pressed: true))
        server.inject(.pointerMotion(time: 3, x: 200, y: 150))
        server.inject(.pointerButton(time: 4, button: buttonLeft, pressed: false))
        XCTAssertTrue(client.roundtrip())
        XCTAssertEqual(pointer.events, [.enter(toplevel.surface, x: 10, y: 5), .button(buttonLeft, pressed: true),
                                        .motion(x: 160, y: 120), .button(buttonLeft, pressed: false), .leave(toplevel.surface)])
    }

    func testAPointerBoundWhileOverTheClientsSurfaceEntersItBeforeAnyMotion() throws {
        let client = try server.connect()
        let toplevel = try server.placedWindow(client, RGBAImage(width: 100, height: 60, fill: green), x: 40, y: 30)
        _ = client.makePointer()
        server.inject(.pointerMotion(time: 1, x: 50, y: 35))
        XCTAssertTrue(client.roundtrip())
        let late = client.makePointer()
        XCTAssertTrue(client.roundtrip())
        server.inject(.pointerMotion(time: 2, x: 60, y: 40))
        XCTAssertTrue(client.roundtrip())
        XCTAssertEqual(late.events, [.enter(toplevel.surface, x: 10, y: 5), .motion(x: 20, y: 10)])
    }

    func testAPressOverTheBackgroundKeepsThePointerOffWindowsUntilReleased() throws {
        let client = try server.connect()
        let pointer = client.makePointer()
        let toplevel = try server.placedWindow(client, RGBAImage(width: 100, height: 60, fill: green), x: 40, y: 30)
        server.inject(.pointerMotion(time: 1, x: 5, y: 5))
        server.inject(.pointerButton(time: 2, button: buttonLeft, pressed: true))
        server.inject(.pointerMotion(time: 3, x: 50, y: 35))
        XCTAssertTrue(client.roundtrip())
        XCTAssertEqual(pointer.events, [], "the window never saw the press")
        server.inject(.pointerButton(time: 4, button: buttonLeft, pressed: false))
        XCTAssertTrue(client.roundtrip())
        XCTAssertEqual(pointer.events, [.enter(toplevel.surface, x: 10, y: 5)])
    }

    func testAWindowThatAsksToBeMaximizedMovesWithItsNextCommitNotBefore() throws {
        let client = try server.connect()
        let pointer = client.makePointer()
        let toplevel = try server.placedWindow(client, RGBAImage(width: 100, height: 60, fill: green), x: 40, y: 30)
        server.inject(.pointerMotion(time: 1, x: 10, y: 10))
        xdg_toplevel_set_maximized(toplevel.toplevel)
        XCTAssertTrue(client.roundtrip())
        XCTAssertEqual(pointer.events, [], "still drawn, and hit, where it was")
        client.ackConfigure(toplevel, serial: try XCTUnwrap(toplevel.lastConfigureSerial))
        try client.show(RGBAImage(width: 320, height: 180, fill: green), on: toplevel.surface)
        XCTAssertTrue(client.roundtrip())
        XCTAssertEqual(pointer.events, [.enter(toplevel.surface, x: 10, y: 10)])
        XCTAssertEqual(try server.screen()[10, 10], green)
    }

    func testASwipeThatIsNoGestureReachesTheClientUnderThePointer() throws {
        let client = try server.connect()
        let pointer = client.makePointer()
        let swipe = client.makeSwipe(on: pointer.proxy)
        let toplevel = try server.placedWindow(client, RGBAImage(width: 100, height: 60, fill: green), x: 40, y: 30)
        server.inject(.pointerMotion(time: 1, x: 50, y: 35))
        server.inject(.swipeBegin(time: 2, fingers: 5))
        server.inject(.swipeUpdate(time: 3, dx: -5, dy: 2))
        server.inject(.swipeEnd(time: 4, cancelled: true))
        XCTAssertTrue(client.roundtrip())
        XCTAssertEqual(swipe.events, [.begin(toplevel.surface, fingers: 5), .update(dx: -5, dy: 2), .end(cancelled: true)])
    }

    func testAClickRaisesAndFocusesTheWindowUnderThePointer() throws {
        let client = try server.connect()
        let keyboard = client.makeKeyboard()
        let below = try server.placedWindow(client, RGBAImage(width: 100, height: 60, fill: green), x: 20, y: 30)
        let above = try server.placedWindow(client, RGBAImage(width: 80, height: 50, fill: blue), x: 90, y: 60)
        XCTAssertTrue(client.roundtrip())
        XCTAssertEqual(keyboard.focusChanges.last, .enter(above.surface))
        server.inject(.pointerMotion(time: 1, x: 30, y: 40))
        server.inject(.pointerButton(time: 2, button: buttonLeft, pressed: true))
        server.inject(.pointerButton(time: 3, button: buttonLeft, pressed: false))
        XCTAssertTrue(client.roundtrip())
        XCTAssertEqual(keyboard.focusChanges.last, .enter(below.surface))
        XCTAssertEqual(try server.screen()[110, 80], green, "the clicked window is on top where they overlap")
    }

    func testAnEmptyInputRegionLetsThePointerThroughToTheWindowBelow() throws {
        let client = try server.connect()
        let pointer = client.makePointer()
        let below = try server.placedWindow(client, RGBAImage(width: 100, height: 60, fill: green), x: 0, y: 0)
        let above = try server.placedWindow(client, RGBAImage(width: 100, height: 60, fill: blue), x: 0, y: 0)
        client.setInputRegion(above.surface, [PixelRect(x: 50, y: 0, width: 50, height: 60)])
        client.commit(above)
        XCTAssertTrue(client.roundtrip())
        server.inject(.pointerMotion(time: 1, x: 10, y: 10))
        server.inject(.pointerMotion(time: 2, x: 60, y: 10))
        XCTAssertTrue(client.roundtrip())
        XCTAssertEqual(pointer.events, [.enter(below.surface, x: 10, y: 10), .leave(below.surface), .enter(above.surface, x: 60, y: 10)])
    }

    func testASubsurfaceTakesThePointerOverItsParent() throws {
        let client = try server.connect()
        let pointer = client.makePointer()
        let toplevel = try server.placedWindow(client, RGBAImage(width: 100, height: 60, fill: green), x: 20, y: 20)
        let child = client.makeSubsurface(of: toplevel.surface, x: 50, y: 10)
        try client.show(RGBAImage(width: 30, height: 20, fill: yellow), on: child.surface)
        wl_surface_commit(toplevel.surface)
        XCTAssertTrue(client.roundtrip())
        server.inject(.pointerMotion(time: 1, x: 75, y: 35))
        server.inject(.pointerMotion(time: 2, x: 25, y: 25))
        XCTAssertTrue(client.roundtrip())
        XCTAssertEqual(pointer.events, [.enter(child.surface, x: 5, y: 5), .leave(child.surface), .enter(toplevel.surface, x: 5, y: 5)])
        XCTAssertEqual(try server.screen()[71, 31], yellow, "the subsurface is drawn where it takes input")
    }

    func testATouchStaysWithTheSurfaceItWentDownOnUntilItLifts() throws {
        let client = try server.connect()
        let touch = client.makeTouch()
        let toplevel = try server.placedWindow(client, RGBAImage(width: 100, height: 60, fill: green), x: 40, y: 30)
        server.inject(.touchDown(time: 1, id: 0, x: 50, y: 35))
        server.inject(.touchMotion(time: 2, id: 0, x: 300, y: 170))
        server.inject(.touchUp(time: 3, id: 0))
        XCTAssertTrue(client.roundtrip())
        XCTAssertEqual(touch.events, [.down(toplevel.surface, id: 0, x: 10, y: 5), .motion(id: 0, x: 260, y: 140), .up(id: 0)])
    }

    func testATouchedSurfaceGoingAwayLiftsTheTouch() throws {
        let client = try server.connect()
        let touch = client.makeTouch()
        let toplevel = try server.placedWindow(client, RGBAImage(width: 100, height: 60, fill: green), x: 40, y: 30)
        server.inject(.touchDown(time: 1, id: 0, x: 50, y: 35))
        xdg_toplevel_destroy(toplevel.toplevel)
        xdg_surface_destroy(toplevel.xdgSurface)
        wl_surface_destroy(toplevel.surface)
        XCTAssertTrue(client.roundtrip())
        XCTAssertEqual(touch.events.count, 2)
        XCTAssertEqual(touch.events.last, .up(id: 0))
        server.inject(.touchUp(time: 2, id: 0))
        XCTAssertTrue(client.roundtrip())
        XCTAssertEqual(touch.events.count, 2, "lifted once")
    }

    func testAWindowIsSizedByItsClientUntilItAsksToBeMaximized() throws {
        let client = try server.connect()
        let toplevel = try client.makeConfiguredToplevel()
        XCTAssertEqual(toplevel.lastSize?.width, 0)
        XCTAssertEqual(toplevel.lastSize?.height, 0)
        XCTAssertFalse(toplevel.lastStates.contains(XDG_TOPLEVEL_STATE_FULLSCREEN.rawValue))
        xdg_toplevel_set_maximized(toplevel.toplevel)
        XCTAssertTrue(client.roundtrip())
        XCTAssertEqual(toplevel.lastSize?.width, 320)
        XCTAssertEqual(toplevel.lastSize?.height, 180)
        XCTAssertTrue(toplevel.lastStates.contains(XDG_TOPLEVEL_STATE_MAXIMIZED.rawValue))
    }

    /// What WLCS is told the compositor offers (`Compositor.globals`, from the globals made).
    func testTheGlobalsListedAreExactlyThoseAClientSees() throws {
        let client = try server.connect()
        XCTAssertEqual(client.globals, Dictionary(uniqueKeysWithValues: server.compositor.globals.map { ($0.name, UInt32($0.version)) }))
        XCTAssertTrue(server.compositor.globals.contains { $0.name == "wl_shm" }, "libwayland's own is listed too")
    }
}
