import CWaylandClient
import SegueEngine
import SegueImaging
@testable import SegueShell
import XCTest

/// wlr-layer-shell with clients of our own, in process on Segue's stacked
/// placement: a bar keeps its strip and windows are configured to the rest,
/// it stays put while a transition plays under it, a wallpaper shows around
/// a small window, a layer surface asking for the keyboard has it until it
/// goes, and a click reaches a bar over the window.
final class LayerShellTests: XCTestCase {
    private var server: InProcessCompositor!
    private let magenta = RGBA(255, 0, 255), white = RGBA(255, 255, 255), yellow = RGBA(250, 200, 0)

    override func setUpWithError() throws {
        server = try InProcessCompositor(placement: .stacked, width: 640, height: 360, stepped: true)
    }

    override func tearDown() {
        server?.stop()
    }

    /// A 40-unit bar along the top keeping its strip: magenta, a white marker at its left.
    private func topBar(_ client: RawClient) throws -> RawLayerSurface {
        let (bar, width) = try client.showTopBar(height: 40, fill: magenta, marker: white)
        XCTAssertEqual(width, 640, "stretched across the top")
        return bar
    }

    /// A window of `client` filling what it was configured to: `fill`, a yellow marker top left.
    @discardableResult
    private func window(_ client: RawClient, fill: RGBA) throws -> RawToplevel {
        let toplevel = try client.makeConfiguredToplevel()
        let size = try XCTUnwrap(toplevel.lastSize)
        var image = RGBAImage(width: Int(size.width), height: Int(size.height), fill: fill)
        image.fill(yellow, x: 0, y: 0, width: 12, height: 12)
        try client.show(image, on: toplevel.surface)
        XCTAssertTrue(client.roundtrip())
        _ = server.stepUntilIdle(sampling: 0, 0)
        return toplevel
    }

    func testABarKeepsItsStripAndAWindowIsConfiguredToTheRest() throws {
        let client = try server.connect()
        _ = try topBar(client)
        let toplevel = try client.makeConfiguredToplevel()
        let size = try XCTUnwrap(toplevel.lastSize)
        XCTAssertEqual([size.width, size.height], [640, 320], "the window gets the height the bar leaves")
        var image = RGBAImage(width: 640, height: 320, fill: RGBA(0x25, 0x63, 0xeb))
        image.fill(yellow, x: 0, y: 0, width: 12, height: 12)
        try client.show(image, on: toplevel.surface)
        XCTAssertTrue(client.roundtrip())
        _ = server.stepUntilIdle(sampling: 0, 0)
        let screen = server.presented
        XCTAssertEqual(screen[2, 2], white, "the bar's marker, top left")
        XCTAssertEqual(screen[320, 20], magenta, "the bar")
        XCTAssertEqual(screen[2, 42], yellow, "the window's marker, under the bar")
        XCTAssertEqual(screen[600, 340], RGBA(0x25, 0x63, 0xeb), "the window, to the bottom")
    }

    func testABarLeavingTheScreenGivesItsStripBack() throws {
        let client = try server.connect()
        let bar = try topBar(client)
        let toplevel = try window(client, fill: RGBA(0, 160, 0))
        XCTAssertEqual(toplevel.lastSize.map { [$0.width, $0.height] }, [640, 320])
        wl_surface_attach(bar.surface, nil, 0, 0)
        wl_surface_commit(bar.surface)
        XCTAssertTrue(client.roundtrip())
        XCTAssertEqual(toplevel.lastSize.map { [$0.width, $0.height] }, [640, 360], "the window is configured to the whole output again")
    }

    func testTheBarStaysPutWhileATransitionPlaysUnderIt() throws {
        let client = try server.connect()
        _ = try topBar(client)
        try window(client, fill: RGBA(0, 160, 0))
        let second = try client.makeConfiguredToplevel()
        try client.show(RGBAImage(width: 640, height: 320, fill: RGBA(0, 0, 200)), on: second.surface)
        XCTAssertTrue(client.roundtrip())
        // Every frame of the open transition: the bar as it is; under it, the windows change.
        let bar = server.stepUntilIdle(sampling: 320, 20)
        XCTAssertGreaterThan(bar.count, 3, "a transition played")
        XCTAssertEqual(Set(bar.map { "\($0)" }), ["\(magenta)"], "the bar never moved nor melted")
        XCTAssertEqual(server.presented[320, 200], RGBA(0, 0, 200), "the new window shows once it ends")
    }

    func testAFullscreenWindowCoversTheBar() throws {
        let client = try server.connect()
        _ = try topBar(client)
        let toplevel = client.makeToplevel { xdg_toplevel_set_fullscreen($0.toplevel, nil) }
        XCTAssertTrue(client.roundtrip())
        let size = try XCTUnwrap(toplevel.lastSize)
        XCTAssertEqual([size.width, size.height], [640, 360], "fullscreen gets the whole output, the bar's strip too")
        client.ackConfigure(toplevel, serial: try XCTUnwrap(toplevel.lastConfigureSerial))
        var image = RGBAImage(width: 640, height: 360, fill: RGBA(0, 160, 0))
        image.fill(yellow, x: 0, y: 0, width: 12, height: 12)
        try client.show(image, on: toplevel.surface)
        XCTAssertTrue(client.roundtrip())
        _ = server.stepUntilIdle(sampling: 0, 0)
        let screen = server.presented
        XCTAssertEqual(screen[2, 2], yellow, "the window's marker, where the bar was")
        XCTAssertEqual(screen[320, 20], RGBA(0, 160, 0), "no bar over it")
    }

    func testABarRedrawingItsClockRedrawsOnlyTheBar() throws {
        let client = try server.connect()
        let bar = try topBar(client)
        try window(client, fill: RGBA(0, 160, 0))
        // The clock's corner of the bar, redrawn: that square of the output alone is drawn again.
        var image = RGBAImage(width: 640, height: 40, fill: magenta)
        image.fill(RGBA(0, 0, 0), x: 600, y: 10, width: 30, height: 20)
        try client.show(image, on: bar.surface, damage: PixelRect(x: 600, y: 10, width: 30, height: 20))
        XCTAssertTrue(client.roundtrip())
        _ = server.stepUntilIdle(sampling: 0, 0)
        XCTAssertEqual(server.compositor.output.lastDamage, OutputDamage([PixelRect(x: 600, y: 10, width: 30, height: 20)]),
                       "what the bar damaged, not the window under it")
        XCTAssertEqual(server.presented[610, 20], RGBA(0, 0, 0))
        XCTAssertEqual(server.presented[320, 200], RGBA(0, 160, 0))
    }

    func testABarsPopupIsDrawnOverTheWindowBelowTheBar() throws {
        let client = try server.connect()
        let bar = try topBar(client)
        try window(client, fill: RGBA(0, 160, 0))
        // A menu hanging from the bar's left part: 60×80 under the anchor rectangle (10, 30, 20×10).
        let popup = client.makePopup(of: nil, width: 60, height: 80, anchorRect: PixelRect(x: 10, y: 30, width: 20, height: 10),
                                     anchor: XDG_POSITIONER_ANCHOR_BOTTOM_LEFT, gravity: XDG_POSITIONER_GRAVITY_BOTTOM_RIGHT) {
            zwlr_layer_surface_v1_get_popup(bar.layerSurface, $0.popup)
        }
        var menu = RGBAImage(width: 60, height: 80, fill: RGBA(220, 0, 0))
        menu.fill(white, x: 0, y: 0, width: 6, height: 6)
        try client.show(menu, onPopup: popup)
        XCTAssertEqual(popup.rectangle, PixelRect(x: 10, y: 40, width: 60, height: 80), "placed against the bar")
        _ = server.stepUntilIdle(sampling: 0, 0)
        let screen = server.presented
        XCTAssertEqual(screen[11, 41], white, "the menu's marker, top left, over the window")
        XCTAssertEqual(screen[60, 100], RGBA(220, 0, 0))
        XCTAssertEqual(screen[80, 100], RGBA(0, 160, 0), "the window beside it")
        XCTAssertEqual(screen[60, 20], magenta, "the bar above it")
    }

    func testAWallpaperShowsAroundASmallWindow() throws {
        let client = try server.connect()
        let wallpaper = try client.makeLayerSurface(layer: 0) {
            zwlr_layer_surface_v1_set_anchor($0, 15)
            zwlr_layer_surface_v1_set_exclusive_zone($0, -1)
        }
        XCTAssertTrue(client.roundtrip())
        XCTAssertEqual(wallpaper.lastSize.map { [$0.width, $0.height] }, [640, 360], "stretched to the whole output")
        var image = RGBAImage(width: 640, height: 360, fill: RGBA(0x33, 0x66, 0x99))
        image.fill(white, x: 0, y: 0, width: 8, height: 8)
        try client.show(image, onLayer: wallpaper)
        XCTAssertTrue(client.roundtrip())
        _ = server.stepUntilIdle(sampling: 0, 0)
        XCTAssertEqual(server.presented[2, 2], white, "the wallpaper's marker with no window")
        // A window that keeps its own 200×100 size sits centred over the wallpaper.
        let toplevel = try client.makeConfiguredToplevel()
        var small = RGBAImage(width: 200, height: 100, fill: RGBA(0, 160, 0))
        small.fill(yellow, x: 0, y: 0, width: 12, height: 12)
        try client.show(small, on: toplevel.surface)
        XCTAssertTrue(client.roundtrip())
        _ = server.stepUntilIdle(sampling: 0, 0)
        let screen = server.presented
        XCTAssertEqual(screen[2, 2], white, "the wallpaper's marker around the window")
        XCTAssertEqual(screen[100, 300], RGBA(0x33, 0x66, 0x99))
        XCTAssertEqual(screen[222, 132], yellow, "the window's marker, centred")
        XCTAssertEqual(screen[400, 220], RGBA(0, 160, 0))
    }

    func testALayerSurfaceAskingForTheKeyboardHasItUntilItGoes() throws {
        let client = try server.connect()
        let keyboard = client.makeKeyboard()
        let toplevel = try window(client, fill: RGBA(0, 160, 0))
        XCTAssertTrue(client.roundtrip())
        XCTAssertEqual(keyboard.focusChanges.last, .enter(toplevel.surface))
        let launcher = try client.makeLayerSurface(layer: 3) {
            zwlr_layer_surface_v1_set_size($0, 200, 100)
            zwlr_layer_surface_v1_set_keyboard_interactivity($0, 1)
        }
        XCTAssertTrue(client.roundtrip())
        try client.show(RGBAImage(width: 200, height: 100, fill: white), onLayer: launcher)
        XCTAssertTrue(client.roundtrip())
        _ = server.stepUntilIdle(sampling: 0, 0)
        XCTAssertEqual(keyboard.focusChanges.last, .enter(launcher.surface), "the launcher has the keyboard")
        XCTAssertEqual(server.presented[320, 180], white, "the launcher, centred over the window")
        zwlr_layer_surface_v1_destroy(launcher.layerSurface)
        wl_surface_destroy(launcher.surface)
        XCTAssertTrue(client.roundtrip())
        XCTAssertTrue(client.roundtrip())
        XCTAssertEqual(keyboard.focusChanges.last, .enter(toplevel.surface), "the window has it back")
    }

    func testAClickOnABarReachesTheBarNotTheWindowUnderIt() throws {
        let client = try server.connect()
        let pointer = client.makePointer()
        let bar = try topBar(client)
        let toplevel = try window(client, fill: RGBA(0, 160, 0))
        server.inject(.pointerMotion(time: 1, x: 100, y: 10))
        XCTAssertTrue(client.roundtrip())
        XCTAssertEqual(pointer.focus, bar.surface, "the bar is under the pointer")
        server.inject(.pointerMotion(time: 2, x: 100, y: 100))
        XCTAssertTrue(client.roundtrip())
        XCTAssertEqual(pointer.focus, toplevel.surface, "below the bar, the window")
    }
}

/// Free placement (WLCS's, and embedders'): the desktop's layer surfaces lie
/// under and over its windows as elements of the same frame.
final class FreeDesktopLayerTests: XCTestCase {
    private let white = RGBA(255, 255, 255)

    func testOnAFreeDesktopLayerSurfacesLieUnderAndOverTheWindows() throws {
        // The window shows at once: this is about where layers lie, not how windows come.
        let server = try InProcessCompositor(placement: .free, width: 320, height: 180, config: InProcessCompositor.opensAtOnce)
        defer { server.stop() }
        let client = try server.connect()
        let wallpaper = try client.makeLayerSurface(layer: 0) {
            zwlr_layer_surface_v1_set_anchor($0, 15)
            zwlr_layer_surface_v1_set_exclusive_zone($0, -1)
        }
        XCTAssertTrue(client.roundtrip())
        try client.show(RGBAImage(width: 320, height: 180, fill: RGBA(0x33, 0x66, 0x99)), onLayer: wallpaper)
        let badge = try client.makeLayerSurface(layer: 3) {
            zwlr_layer_surface_v1_set_anchor($0, 1 | 4)
            zwlr_layer_surface_v1_set_size($0, 20, 20)
        }
        XCTAssertTrue(client.roundtrip())
        try client.show(RGBAImage(width: 20, height: 20, fill: white), onLayer: badge)
        _ = try server.placedWindow(client, RGBAImage(width: 100, height: 60, fill: RGBA(0, 160, 0)), x: 10, y: 10)
        let screen = try server.screen()
        XCTAssertEqual(screen[5, 5], white, "the overlay badge over the window")
        XCTAssertEqual(screen[50, 40], RGBA(0, 160, 0), "the window over the wallpaper")
        XCTAssertEqual(screen[200, 150], RGBA(0x33, 0x66, 0x99), "the wallpaper")
    }
}
