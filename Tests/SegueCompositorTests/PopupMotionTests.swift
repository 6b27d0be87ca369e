import CWaylandClient
import SegueEngine
import SegueImaging
@testable import SegueShell
import XCTest

/// A window's popups and a bar's menus pop in briefly, fading in as they
/// grow about their centre, and out again drawn as they last looked (a bar's
/// just over its bar); with reduced motion they come and go at once. The
/// popup's marker at its top left and the window's at its own catch a flip or an offset.
final class PopupMotionTests: XCTestCase {
    private var server: InProcessCompositor!
    private var client: RawClient!
    private let green = RGBA(0, 160, 0), red = RGBA(255, 0, 0), blue = RGBA(0, 0, 255), yellow = RGBA(255, 255, 0)

    /// A stacked 160×90 output showing a green window (red marker) with a
    /// blue 40×20 menu (yellow marker) at (80, 40): the frames it came with.
    private func windowWithMenu(_ extra: String = "") throws -> (RawPopup, [RGBAImage]) {
        server = try InProcessCompositor(placement: .stacked, width: 160, height: 90, stepped: true,
                                         config: "[transitions.open]\neffect = \"none\"\n" + extra)
        client = try server.connect()
        let toplevel = try client.makeConfiguredToplevel()
        try client.show(marked(width: 160, height: 90, fill: green, marker: red), on: toplevel.surface)
        XCTAssertTrue(client.roundtrip())
        _ = server.framesUntilIdle()
        let menu = client.makePopup(of: toplevel.xdgSurface, width: 40, height: 20, anchorRect: PixelRect(x: 80, y: 40, width: 1, height: 1),
                                    anchor: XDG_POSITIONER_ANCHOR_TOP_LEFT, gravity: XDG_POSITIONER_GRAVITY_BOTTOM_RIGHT)
        try client.show(marked(width: 40, height: 20, fill: blue, marker: yellow, side: 4), onPopup: menu)
        XCTAssertTrue(client.roundtrip())
        return (menu, server.framesUntilIdle())
    }

    override func tearDown() { server?.stop() }

    func testAMenuPopsInFadingAsItGrowsAboutItsCentre() throws {
        let (_, frames) = try windowWithMenu()
        XCTAssertEqual(frames.count, 8, "120 ms at 60 Hz")
        let centre = frames.map { Int($0[100, 50].b) }
        XCTAssertEqual(zip(centre, centre.dropFirst()).filter { $1 < $0 }.count, 0, "it only grows more opaque: \(centre)")
        XCTAssertGreaterThanOrEqual(zip(centre, centre.dropFirst()).filter { $1 > $0 }.count, frames.count / 4)
        XCTAssertLessThan(centre.first ?? 255, 128, "the first frame is mostly see-through")
        XCTAssertEqual(frames.first?[80, 40], green, "grown from its centre: its corner is still the window")
        XCTAssertEqual(frames.last?[80, 40], yellow, "the last frame exact: the menu's marker at its top left")
        XCTAssertEqual(frames.last?[119, 59], blue)
        XCTAssertEqual(frames.last?[79, 40], green)
        XCTAssertEqual(frames.last?[0, 0], red, "the window's marker, upright")
    }

    func testAMenuThatGoesPopsOutAsItsLastPicture() throws {
        let (menu, _) = try windowWithMenu()
        xdg_popup_destroy(menu.popup)
        XCTAssertTrue(client.roundtrip())
        let frames = server.framesUntilIdle()
        XCTAssertEqual(frames.count, 8)
        let centre = frames.map { Int($0[100, 50].b) }
        XCTAssertEqual(zip(centre, centre.dropFirst()).filter { $1 >= $0 && $0 > 0 }.count, 0, "it only fades: \(centre)")
        XCTAssertGreaterThan(centre.first ?? 0, 128, "the first frame of going is mostly there")
        XCTAssertEqual(frames.last?[100, 50], green, "the last frame shows the window alone")
        XCTAssertEqual(server.presented[80, 40], green)
        XCTAssertFalse(server.compositor.desktop.layerSurfaces.animations.isAnimating)
    }

    func testWithReducedMotionAMenuComesAndGoesAtOnce() throws {
        let (menu, frames) = try windowWithMenu("[accessibility]\nreduce-motion = true\n")
        XCTAssertEqual(frames.first?[80, 40], yellow, "whole in the first frame")
        xdg_popup_destroy(menu.popup)
        XCTAssertTrue(client.roundtrip())
        XCTAssertEqual(server.framesUntilIdle().first?[100, 50], green, "gone in the next")
    }

    /// Over a window under a magenta 20-unit bar (white marker), a blue 40×30
    /// menu (yellow marker) hanging from the bar at (20, 10), over its lower half: the frames it came with.
    private func barWithMenu() throws -> (RawPopup, [RGBAImage]) {
        server = try InProcessCompositor(placement: .stacked, width: 160, height: 90, stepped: true, config: "[transitions.open]\neffect = \"none\"\n")
        client = try server.connect()
        let (bar, _) = try client.showTopBar(height: 20, fill: RGBA(255, 0, 255), marker: RGBA(255, 255, 255))
        let toplevel = try client.makeConfiguredToplevel()
        try client.show(marked(width: 160, height: 70, fill: green, marker: red), on: toplevel.surface)
        XCTAssertTrue(client.roundtrip())
        _ = server.framesUntilIdle()
        let menu = client.makePopup(of: nil, width: 40, height: 30, anchorRect: PixelRect(x: 20, y: 10, width: 1, height: 1),
                                    anchor: XDG_POSITIONER_ANCHOR_TOP_LEFT, gravity: XDG_POSITIONER_GRAVITY_BOTTOM_RIGHT) {
            zwlr_layer_surface_v1_get_popup(bar.layerSurface, $0.popup)
        }
        try client.show(marked(width: 40, height: 30, fill: blue, marker: yellow, side: 4), onPopup: menu)
        XCTAssertTrue(client.roundtrip())
        return (menu, server.framesUntilIdle())
    }

    func testABarsMenuPopsInOverTheBarAndTheWindowBelow() throws {
        let (_, frames) = try barWithMenu()
        XCTAssertEqual(frames.count, 8, "120 ms at 60 Hz")
        let centre = frames.map { Int($0[40, 25].b) }
        XCTAssertEqual(zip(centre, centre.dropFirst()).filter { $1 < $0 }.count, 0, "it only grows more opaque: \(centre)")
        XCTAssertGreaterThanOrEqual(zip(centre, centre.dropFirst()).filter { $1 > $0 }.count, frames.count / 4)
        XCTAssertEqual(frames.first?[20, 10], RGBA(255, 0, 255), "grown from its centre: its corner is still the bar")
        XCTAssertEqual(frames.last?[20, 10], yellow, "the last frame exact: the menu's marker at its top left, over the bar")
        XCTAssertEqual(frames.last?[59, 39], blue, "its far corner, over the window")
        XCTAssertEqual(frames.last?[60, 39], green)
        XCTAssertEqual(frames.last?[2, 2], RGBA(255, 255, 255), "the bar's marker, upright")
        XCTAssertEqual(frames.last?[2, 22], red, "the window's, under the bar")
    }

    func testABarsMenuThatGoesPopsOutAsItsLastPictureOverTheBar() throws {
        let (menu, _) = try barWithMenu()
        xdg_popup_destroy(menu.popup)
        XCTAssertTrue(client.roundtrip())
        let frames = server.framesUntilIdle()
        XCTAssertEqual(frames.count, 8)
        let overBar = frames.map { Int($0[40, 15].b) }, overWindow = frames.map { Int($0[40, 30].b) }
        XCTAssertGreaterThan(overBar.first ?? 0, 128, "the first frame of going is mostly there, over the bar too: \(overBar)")
        XCTAssertLessThan(Int(frames.first?[40, 15].r ?? 255), 128, "the menu covers the bar, not the bar it")
        XCTAssertEqual(zip(overWindow, overWindow.dropFirst()).filter { $1 >= $0 && $0 > 0 }.count, 0, "it only fades: \(overWindow)")
        XCTAssertEqual(frames.last?[40, 15], RGBA(255, 0, 255), "the last frame shows the bar alone")
        XCTAssertEqual(frames.last?[40, 30], green)
        XCTAssertFalse(server.compositor.desktop.layerSurfaces.animations.isAnimating)
    }
}
