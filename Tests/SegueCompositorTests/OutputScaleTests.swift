import CWaylandClient
import SegueEngine
import SegueImaging
@testable import SegueShell
import XCTest

/// An output of scale 2 (HiDPI): clients hear the scale and are configured
/// in surface units, half the output's pixels; a buffer drawn at scale 2
/// reaches the screen pixel for pixel, one at scale 1 at twice its size; and
/// pointer and subsurfaces are in surface units throughout.
final class OutputScaleTests: XCTestCase {
    private var server: InProcessCompositor!
    private let width = 640, height = 360
    private let fill = RGBA(0, 0, 200), marker = RGBA(220, 0, 0), background = RGBA(20, 20, 26)

    override func setUpWithError() throws {
        server = try InProcessCompositor(placement: .stacked, width: width, height: height, scale: 2)
    }

    override func tearDown() {
        server?.stop()
    }

    func testClientsHearTheScaleAndWindowsAreConfiguredInSurfaceUnits() throws {
        let client = try server.connect()
        let toplevel = try client.makeConfiguredToplevel()
        XCTAssertEqual(client.outputState.scale, 2)
        XCTAssertEqual(client.outputState.size?.width, 640, "the mode is in pixels")
        XCTAssertEqual(client.outputState.size?.height, 360)
        // 320 units at 96 per inch: 85 mm, so a client deriving DPI sees 192 per inch of pixels.
        XCTAssertEqual(client.outputState.physicalSize?.width, 85)
        XCTAssertEqual(toplevel.lastSize?.width, 320)
        XCTAssertEqual(toplevel.lastSize?.height, 180)
    }

    func testAScale2BufferFillsTheOutputPixelForPixelAndItsDamageStaysSmall() throws {
        let client = try server.connect()
        let pointer = client.makePointer()
        let toplevel = try client.makeConfiguredToplevel()
        wl_surface_set_buffer_scale(toplevel.surface, 2)
        try client.show(marked(width: width, height: height, fill: fill, marker: marker, side: 20), on: toplevel.surface)
        XCTAssertTrue(client.roundtrip())
        XCTAssertTrue(server.serve { server.windowCount == 1 && !server.compositor.navigation.isAnimating })
        var screen = try server.screen()
        XCTAssertEqual(screen[0, 0], marker)
        XCTAssertEqual(screen[19, 19], marker)
        XCTAssertEqual(screen[20, 20], fill)
        XCTAssertEqual(screen[639, 359], fill, "the bottom-right corner")

        // A change in one corner redraws only that corner, in pixels: the
        // buffer is the screen as it is, with nothing composed.
        var changed = marked(width: width, height: height, fill: fill, marker: marker, side: 20)
        changed.fill(marker, x: 600, y: 340, width: 20, height: 10)
        try client.show(changed, on: toplevel.surface, damage: PixelRect(x: 600, y: 340, width: 20, height: 10))
        XCTAssertTrue(client.roundtrip())
        screen = try server.screen()
        XCTAssertEqual(screen[610, 345], marker)
        XCTAssertEqual(server.compositor.output.lastDamage.rects, [PixelRect(x: 600, y: 340, width: 20, height: 10)])

        // Pixel (41, 21) is surface point (20.5, 10.5).
        server.inject(.pointerMotion(time: 1, x: 41, y: 21))
        XCTAssertTrue(client.dispatch { pointer.focus != nil })
        XCTAssertEqual(pointer.events.last, .enter(toplevel.surface, x: 20.5, y: 10.5))
    }

    func testAScale1BufferShowsAtTwiceItsSize() throws {
        let client = try server.connect()
        let toplevel = try client.makeConfiguredToplevel()
        try client.show(marked(width: 320, height: 180, fill: fill, marker: marker, side: 10), on: toplevel.surface)
        XCTAssertTrue(client.roundtrip())
        XCTAssertTrue(server.serve { server.windowCount == 1 && !server.compositor.navigation.isAnimating })
        let screen = try server.screen()
        XCTAssertEqual(screen[0, 0], marker)
        XCTAssertEqual(screen[18, 18], marker, "10 units of marker are 20 pixels")
        XCTAssertEqual(screen[21, 21], fill)
        XCTAssertEqual(screen[639, 359], fill)
    }

    func testASmallerWindowIsCentredAndItsSubsurfacePlacedInSurfaceUnits() throws {
        let client = try server.connect()
        let pointer = client.makePointer()
        let toplevel = try client.makeConfiguredToplevel()
        // A 200×100-unit window (400×200 pixels) leaves 120 pixels left and 80 above it.
        wl_surface_set_buffer_scale(toplevel.surface, 2)
        try client.show(RGBAImage(width: 400, height: 200, fill: fill), on: toplevel.surface)
        let child = client.makeSubsurface(of: toplevel.surface, x: 50, y: 30)
        wl_surface_set_buffer_scale(child.surface, 2)
        try client.show(marked(width: 40, height: 40, fill: RGBA(0, 200, 0), marker: marker, side: 4), on: child.surface)
        wl_surface_commit(toplevel.surface)
        XCTAssertTrue(client.roundtrip())
        XCTAssertTrue(server.serve { server.windowCount == 1 && !server.compositor.navigation.isAnimating })
        let screen = try server.screen()
        XCTAssertEqual(screen[119, 80], background)
        XCTAssertEqual(screen[120, 80], fill, "the window's top left")
        XCTAssertEqual(screen[519, 279], fill, "the window's bottom right")
        XCTAssertEqual(screen[520, 279], background)
        // The subsurface at (50, 30) units: pixel (120 + 100, 80 + 60), 40×40 pixels.
        XCTAssertEqual(screen[219, 140], fill)
        XCTAssertEqual(screen[220, 140], marker, "the subsurface's marked corner")
        XCTAssertEqual(screen[224, 144], RGBA(0, 200, 0))
        XCTAssertEqual(screen[259, 179], RGBA(0, 200, 0))
        XCTAssertEqual(screen[260, 180], fill)

        // Pixel (230, 150) is unit (115, 75): the subsurface's (5, 5).
        server.inject(.pointerMotion(time: 1, x: 230, y: 150))
        XCTAssertTrue(client.dispatch { pointer.focus != nil })
        XCTAssertEqual(pointer.events.last, .enter(child.surface, x: 5, y: 5))
    }

    /// A scale-2 window `windowWidth` pixels wide and 200 high (the output's
    /// size when 640), and an 80×30-unit popup of it to the right of
    /// (`anchorX`, 10), sliding along x to stay on the output, drawn at scale 2.
    private func slidingPopup(windowWidth: Int, windowHeight: Int, anchorX: Int) throws -> (RawClient, RawPopup) {
        let client = try server.connect()
        let toplevel = try client.makeConfiguredToplevel()
        wl_surface_set_buffer_scale(toplevel.surface, 2)
        try client.show(RGBAImage(width: windowWidth, height: windowHeight, fill: fill), on: toplevel.surface)
        XCTAssertTrue(client.roundtrip())
        let popup = client.makePopup(of: toplevel.xdgSurface, width: 80, height: 30, anchorRect: PixelRect(x: anchorX, y: 10, width: 10, height: 10),
                                     anchor: XDG_POSITIONER_ANCHOR_TOP_RIGHT, gravity: XDG_POSITIONER_GRAVITY_BOTTOM_RIGHT,
                                     adjustment: XDG_POSITIONER_CONSTRAINT_ADJUSTMENT_SLIDE_X)
        wl_surface_set_buffer_scale(popup.surface, 2)
        XCTAssertTrue(client.roundtrip())
        return (client, popup)
    }

    func testAPopupIsKeptOnTheOutputInSurfaceUnitsAndDrawnAtItsScale() throws {
        let (client, popup) = try slidingPopup(windowWidth: width, windowHeight: height, anchorX: 290)
        // At 300 units it would end at 380, past the 320-unit output: slid to end at 320, not at 640.
        XCTAssertEqual(popup.rectangle, PixelRect(x: 240, y: 10, width: 80, height: 30))
        try client.show(marked(width: 160, height: 60, fill: RGBA(0, 200, 0), marker: marker, side: 6), onPopup: popup)
        XCTAssertTrue(server.serve { !server.compositor.navigation.isAnimating })
        let screen = try server.screen()
        XCTAssertEqual(screen[479, 20], fill)
        XCTAssertEqual(screen[480, 20], marker, "the popup's top left, in pixels")
        XCTAssertEqual(screen[486, 26], RGBA(0, 200, 0))
        XCTAssertEqual(screen[639, 79], RGBA(0, 200, 0), "its bottom right, on the output's edge")
        XCTAssertEqual(screen[639, 80], fill)
    }

    func testAPopupOfAWindowHalfAUnitOffCentreStaysWhollyOnTheOutput() throws {
        // 201 units wide (402 pixels): (640 - 402) / 2 = 119 pixels, 59.5 units from the left.
        let (client, popup) = try slidingPopup(windowWidth: 402, windowHeight: 200, anchorX: 190)
        // The output ends 260.5 units right of the window: the popup ends at 260, not 261.
        XCTAssertEqual(popup.rectangle, PixelRect(x: 180, y: 10, width: 80, height: 30))
        try client.show(RGBAImage(width: 160, height: 60, fill: RGBA(0, 200, 0)), onPopup: popup)
        XCTAssertTrue(server.serve { !server.compositor.navigation.isAnimating })
        let screen = try server.screen()
        XCTAssertEqual(screen[478, 100], fill)
        XCTAssertEqual(screen[479, 100], RGBA(0, 200, 0), "119 + 2 x 180")
        XCTAssertEqual(screen[638, 100], RGBA(0, 200, 0), "its last column on the output")
    }

    func testAReloadedScaleReachesClientsAtOnceAndThePointerKeepsItsPlace() throws {
        // The first compositor goes, GL context and all, before the second comes.
        server.stop()
        server = nil
        server = try InProcessCompositor(placement: .stacked, width: width, height: height, config: "[output]\nscale = 1\n")
        let client = try server.connect()
        let pointer = client.makePointer()
        let toplevel = try client.makeConfiguredToplevel()
        XCTAssertEqual(client.outputState.scale, 1)
        try client.show(RGBAImage(width: width, height: height, fill: fill), on: toplevel.surface)
        XCTAssertTrue(client.roundtrip())
        server.inject(.pointerMotion(time: 1, x: 300, y: 200))
        XCTAssertTrue(client.dispatch { pointer.focus != nil })

        try server.rewriteConfig("[output]\nscale = 2\n")
        try server.compositor.perform(.reload)
        XCTAssertTrue(client.dispatch { client.outputState.scale == 2 })
        XCTAssertEqual(client.outputState.physicalSize?.width, 85, "the physical size follows the units")
        XCTAssertTrue(client.dispatch { toplevel.lastSize?.width == 320 })
        XCTAssertEqual(toplevel.lastSize?.height, 180)
        // Until the client answers, its 640-unit window is larger than the
        // 320-unit output and keeps its top left on the output's; the pointer
        // is where it was on the screen, pixel (300, 200), unit (150, 100).
        XCTAssertEqual(pointer.events.last, .motion(x: 150, y: 100))
        client.ackConfigure(toplevel, serial: try XCTUnwrap(toplevel.lastConfigureSerial))
        wl_surface_set_buffer_scale(toplevel.surface, 2)
        try client.show(RGBAImage(width: width, height: height, fill: fill), on: toplevel.surface)
        XCTAssertTrue(client.dispatch { pointer.events.last == .motion(x: 150, y: 100) }, "\(pointer.events.suffix(2))")
    }

    func testAnOutputOfOddPixelsIsCoveredToItsLastPixel() throws {
        server.stop()
        server = nil
        server = try InProcessCompositor(placement: .stacked, width: 641, height: 361, scale: 2)
        let client = try server.connect()
        let toplevel = try client.makeConfiguredToplevel()
        // 320.5 x 180.5 units, rounded up: a window that covers every pixel.
        XCTAssertEqual(toplevel.lastSize?.width, 321)
        XCTAssertEqual(toplevel.lastSize?.height, 181)
        wl_surface_set_buffer_scale(toplevel.surface, 2)
        try client.show(marked(width: 642, height: 362, fill: fill, marker: marker, side: 20), on: toplevel.surface)
        XCTAssertTrue(client.roundtrip())
        XCTAssertTrue(server.serve { server.windowCount == 1 && !server.compositor.navigation.isAnimating })
        let screen = try server.screen()
        XCTAssertEqual(screen[0, 0], marker, "its top left on the output's")
        XCTAssertEqual(screen[640, 360], fill, "no background left at the last pixel")
    }

    func testFreelyPlacedWindowsAreDrawnAtTheirUnitsTimesTheScale() throws {
        server.stop()
        server = nil
        server = try InProcessCompositor(placement: .free, width: width, height: height, scale: 2, config: InProcessCompositor.opensAtOnce)
        let client = try server.connect()
        // A scale-2 window of 100x50 units, its marked corner top left, placed at (30, 40) units.
        let toplevel = try client.makeConfiguredToplevel()
        wl_surface_set_buffer_scale(toplevel.surface, 2)
        try client.show(marked(width: 200, height: 100, fill: fill, marker: marker, side: 10), on: toplevel.surface)
        try server.place(toplevel, of: client, x: 30, y: 40)
        XCTAssertTrue(client.roundtrip())
        XCTAssertTrue(server.serve { server.windowCount == 1 })
        let screen = try server.screen()
        XCTAssertEqual(screen[59, 80], background)
        XCTAssertEqual(screen[60, 80], marker, "its top left at (60, 80) pixels")
        XCTAssertEqual(screen[69, 89], marker)
        XCTAssertEqual(screen[70, 90], fill)
        XCTAssertEqual(screen[259, 179], fill, "its bottom right")
        XCTAssertEqual(screen[260, 179], background)
        XCTAssertEqual(screen[259, 180], background)
    }
}
