import CWaylandClient
import SegueEngine
import SegueImaging
@testable import SegueShell
import XCTest

/// A window Segue composes (smaller than the output, or with subsurfaces) is
/// drawn again only where its surfaces' new pixels land; anything that moves,
/// grows, restacks or goes redraws it whole. Checked through the region each
/// frame presented and what the screen shows around it.
final class ComposedDamageTests: XCTestCase {
    private var server: InProcessCompositor!
    private let width = 320, height = 180
    private let old = RGBA(0, 0, 200), new = RGBA(220, 120, 0), marker = RGBA(0, 200, 0)
    private let child = RGBA(255, 255, 0), background = RGBA(0x14, 0x14, 0x1a)

    override func tearDown() {
        server?.stop()
    }

    func testNewPixelsOfASmallerWindowRedrawOnlyWhereTheyLandOnTheOutput() throws {
        server = try InProcessCompositor(placement: .stacked, width: width, height: height)
        // 100x60 centred: its top left at (110, 60).
        let (client, toplevel) = try shownWindow(marked(width: 100, height: 60, fill: old, marker: marker))
        let screen = try redraw(toplevel.surface, of: client, 100, 60, damage: PixelRect(x: 40, y: 20, width: 5, height: 5))
        XCTAssertEqual(server.compositor.output.lastDamage.rects, [PixelRect(x: 150, y: 80, width: 5, height: 5)])
        XCTAssertEqual(screen[150, 80], new)
        XCTAssertEqual(screen[154, 84], new)
        XCTAssertEqual(screen[155, 85], old)
        XCTAssertEqual(screen[149, 79], old)
        XCTAssertEqual(screen[110, 60], marker, "the rest of the window as it was")
        XCTAssertEqual(screen[109, 59], background)
    }

    func testASubsurfacesNewPixelsRedrawOnlyThemOverTheirParent() throws {
        let (client, _, sub) = try windowWithSubsurface(marked(width: 40, height: 30, fill: child, marker: marker, side: 4), desynchronized: true)
        XCTAssertEqual(try server.screen()[100, 50], marker)

        let screen = try redraw(sub.surface, of: client, 40, 30, damage: PixelRect(x: 30, y: 20, width: 10, height: 10))
        XCTAssertEqual(server.compositor.output.lastDamage.rects, [PixelRect(x: 130, y: 70, width: 10, height: 10)])
        XCTAssertEqual(screen[130, 70], new)
        XCTAssertEqual(screen[139, 79], new)
        XCTAssertEqual(screen[129, 69], child)
        XCTAssertEqual(screen[100, 50], marker, "the subsurface's marker, untouched")
        XCTAssertEqual(screen[0, 0], marker, "the parent's")
        XCTAssertEqual(screen[140, 80], old)
    }

    func testAMovedSubsurfaceRedrawsWhereItWasAndWhereItIs() throws {
        let (client, toplevel, sub) = try windowWithSubsurface(marked(width: 40, height: 30, fill: child, marker: marker, side: 4))
        XCTAssertEqual(try server.screen()[100, 50], marker)

        wl_subsurface_set_position(sub.subsurface, 200, 120)
        wl_surface_commit(toplevel.surface)
        XCTAssertTrue(client.roundtrip())
        let screen = try server.screen()
        XCTAssertEqual(Set(server.compositor.output.lastDamage.rects ?? []),
                       [PixelRect(x: 100, y: 50, width: 40, height: 30), PixelRect(x: 200, y: 120, width: 40, height: 30)])
        XCTAssertEqual(screen[100, 50], old, "where it was, its parent again")
        XCTAssertEqual(screen[200, 120], marker)
        XCTAssertEqual(screen[239, 149], child)
    }

    func testAShrunkWindowRedrawsAllItCoveredBefore() throws {
        server = try InProcessCompositor(placement: .stacked, width: width, height: height)
        let (client, toplevel) = try shownWindow(marked(width: 100, height: 60, fill: old, marker: marker))
        // A smaller buffer with damage only inside: its centring moves, so all it covered changes.
        let screen = try redraw(toplevel.surface, of: client, 80, 40, damage: PixelRect(x: 0, y: 0, width: 2, height: 2))
        XCTAssertEqual(server.compositor.output.lastDamage.rects, [PixelRect(x: 110, y: 60, width: 100, height: 60)])
        XCTAssertEqual(screen[110, 60], background, "its old top left")
        XCTAssertEqual(screen[120, 70], new)
    }

    func testADestroyedSubsurfaceLeavesTheScreenAtOnce() throws {
        let (client, _, sub) = try windowWithSubsurface(RGBAImage(width: 40, height: 30, fill: child))
        XCTAssertEqual(try server.screen()[120, 60], child)

        // Unmapped at once, as wl_subsurface.destroy says, with no commit of its parent.
        wl_subsurface_destroy(sub.subsurface)
        XCTAssertTrue(client.roundtrip())
        XCTAssertEqual(try server.screen()[120, 60], old)
    }

    func testAtScale2ABufferDrawnForItRedrawsOnlyItsDamagedPixels() throws {
        server = try InProcessCompositor(placement: .stacked, width: 640, height: 360, scale: 2)
        // 100x60 units, 200x120 pixels, centred: its top left at (220, 120).
        let (client, toplevel) = try shownWindow(marked(width: 200, height: 120, fill: old, marker: marker), scale: 2)
        let screen = try redraw(toplevel.surface, of: client, 200, 120, damage: PixelRect(x: 10, y: 10, width: 6, height: 6))
        XCTAssertEqual(server.compositor.output.lastDamage.rects, [PixelRect(x: 230, y: 130, width: 6, height: 6)])
        XCTAssertEqual(screen[230, 130], new)
        XCTAssertEqual(screen[235, 135], new)
        XCTAssertEqual(screen[236, 136], old)
        XCTAssertEqual(screen[220, 120], marker)
    }

    func testAtScale2ABufferScaledUpRedrawsItsDamageScaledWithATexelAround() throws {
        server = try InProcessCompositor(placement: .stacked, width: 640, height: 360, scale: 2)
        // 100x60 at scale 1, drawn at 200x120 with its top left at (220, 120): texels
        // (49, 29) to (54, 34), the damage and the texels filtered into it, are pixels (318, 178) to (329, 189).
        let (client, toplevel) = try shownWindow(marked(width: 100, height: 60, fill: old, marker: marker))
        let screen = try redraw(toplevel.surface, of: client, 100, 60, damage: PixelRect(x: 50, y: 30, width: 4, height: 4))
        XCTAssertEqual(server.compositor.output.lastDamage.rects, [PixelRect(x: 318, y: 178, width: 12, height: 12)])
        XCTAssertEqual(screen[322, 182], new)
        XCTAssertEqual(screen[300, 170], old, "outside the damage, the buffer's old pixels")
        XCTAssertEqual(screen[220, 120], marker)
        XCTAssertEqual(screen[219, 119], background)
    }

    func testASynchronizedSubsurfacesPixelsLandWithItsParentsCommit() throws {
        let (client, toplevel, sub) = try windowWithSubsurface(RGBAImage(width: 40, height: 30, fill: child))
        _ = try server.screen()
        // Cached until the parent commits; both then change at once.
        try client.show(RGBAImage(width: 40, height: 30, fill: new), on: sub.surface, damage: PixelRect(x: 0, y: 0, width: 5, height: 5))
        let screen = try redraw(toplevel.surface, of: client, width, height, damage: PixelRect(x: 300, y: 160, width: 10, height: 10))
        XCTAssertEqual(Set(server.compositor.output.lastDamage.rects ?? []),
                       [PixelRect(x: 100, y: 50, width: 5, height: 5), PixelRect(x: 300, y: 160, width: 10, height: 10)], "both, apart")
        XCTAssertEqual(screen[100, 50], new)
        XCTAssertEqual(screen[305, 165], new)
        XCTAssertEqual(screen[110, 60], child)
        XCTAssertEqual(screen[0, 0], marker)
    }

    func testAPopupsNewPixelsRedrawOnlyThemAndItsGoingRedrawsWhereItWas() throws {
        let (client, toplevel, popup) = try windowWithPopup()
        XCTAssertEqual(try server.screen()[101, 51], child)

        let screen = try redraw(popup.surface, of: client, 40, 30, damage: PixelRect(x: 0, y: 0, width: 5, height: 5))
        XCTAssertEqual(server.compositor.output.lastDamage.rects, [PixelRect(x: 100, y: 50, width: 5, height: 5)])
        XCTAssertEqual(screen[101, 51], new)
        XCTAssertEqual(screen[120, 70], child)
        XCTAssertEqual(screen[0, 0], marker)

        // Gone, with the window damaged elsewhere in the same frame: where it was shows the window again.
        xdg_popup_destroy(popup.popup)
        let after = try redraw(toplevel.surface, of: client, width, height, damage: PixelRect(x: 300, y: 160, width: 10, height: 10))
        XCTAssertEqual(after[120, 70], old)
        XCTAssertEqual(after[305, 165], new)
    }

    func testANewWindowGeometryAloneMovesThePopupsOnScreen() throws {
        let (client, toplevel, _) = try windowWithPopup()
        XCTAssertEqual(try server.screen()[100, 50], child)
        // The popup is placed against the window geometry, which now starts 20 units in: the popup moves with it.
        client.setWindowGeometry(toplevel, x: 20, y: 10, width: Int32(width) - 20, height: Int32(height) - 10)
        wl_surface_commit(toplevel.surface)
        XCTAssertTrue(client.roundtrip())
        let screen = try server.screen()
        XCTAssertEqual(screen[100, 50], old, "where it was")
        XCTAssertEqual(screen[120, 60], child)
    }

    func testACoveredWindowsCommitShowsWhenItIsShownAgain() throws {
        server = try InProcessCompositor(placement: .stacked, width: width, height: height,
                                         config: "[transitions.open]\neffect = \"none\"\n[transitions.switch]\neffect = \"none\"\n")
        let (client, toplevel) = try shownWindow(marked(width: 100, height: 60, fill: old, marker: marker))
        let other = try server.connect()
        let covering = try other.makeConfiguredToplevel()
        try other.show(RGBAImage(width: 100, height: 60, fill: child), on: covering.surface)
        XCTAssertTrue(other.roundtrip())
        XCTAssertTrue(server.serve { server.windowCount == 2 && !server.compositor.navigation.isAnimating })
        XCTAssertEqual(try server.screen()[150, 80], child)

        try client.show(RGBAImage(width: 100, height: 60, fill: new), on: toplevel.surface, damage: PixelRect(x: 40, y: 20, width: 5, height: 5))
        XCTAssertTrue(client.roundtrip())
        try server.compositor.perform(.show(.window(id: 1)))
        XCTAssertTrue(server.serve { !server.compositor.navigation.isAnimating })
        let screen = try server.screen()
        XCTAssertEqual(screen[150, 80], new)
        XCTAssertEqual(screen[110, 60], marker)
        XCTAssertEqual(screen[200, 100], old)
    }

    // MARK: Helpers

    /// `surface` of `client` commits a `width`×`height` picture all `new`,
    /// damaged only in `damage`: the screen once a frame shows it.
    private func redraw(_ surface: OpaquePointer, of client: RawClient, _ width: Int, _ height: Int, damage: PixelRect) throws -> RGBAImage {
        try client.show(RGBAImage(width: width, height: height, fill: new), on: surface, damage: damage)
        XCTAssertTrue(client.roundtrip())
        return try server.screen()
    }

    /// An output-sized window, marked, with a subsurface at (100, 50) showing `picture`.
    private func windowWithSubsurface(_ picture: RGBAImage, desynchronized: Bool = false)
        throws -> (RawClient, RawToplevel, (surface: OpaquePointer, subsurface: OpaquePointer)) {
        server = try InProcessCompositor(placement: .stacked, width: width, height: height)
        let (client, toplevel) = try shownWindow(marked(width: width, height: height, fill: old, marker: marker))
        let sub = client.makeSubsurface(of: toplevel.surface, x: 100, y: 50)
        if desynchronized { wl_subsurface_set_desync(sub.subsurface) }
        try client.show(picture, on: sub.surface)
        wl_surface_commit(toplevel.surface)
        XCTAssertTrue(client.roundtrip())
        return (client, toplevel, sub)
    }

    /// An output-sized window, marked, with a 40×30 popup at (100, 50) showing `child`.
    private func windowWithPopup() throws -> (RawClient, RawToplevel, RawPopup) {
        server = try InProcessCompositor(placement: .stacked, width: width, height: height)
        let (client, toplevel) = try shownWindow(marked(width: width, height: height, fill: old, marker: marker))
        let popup = client.makePopup(of: toplevel.xdgSurface, width: 40, height: 30, anchorRect: PixelRect(x: 100, y: 50, width: 1, height: 1),
                                     anchor: XDG_POSITIONER_ANCHOR_TOP_LEFT, gravity: XDG_POSITIONER_GRAVITY_BOTTOM_RIGHT)
        try client.show(RGBAImage(width: 40, height: 30, fill: child), onPopup: popup)
        return (client, toplevel, popup)
    }

    /// A window showing `image` at buffer `scale`, shown and at rest.
    private func shownWindow(_ image: RGBAImage, scale: Int32 = 1) throws -> (RawClient, RawToplevel) {
        let client = try server.connect()
        let toplevel = try client.makeConfiguredToplevel()
        wl_surface_set_buffer_scale(toplevel.surface, scale)
        try client.show(image, on: toplevel.surface)
        XCTAssertTrue(client.roundtrip())
        XCTAssertTrue(server.serve { server.windowCount == 1 && !server.compositor.navigation.isAnimating })
        _ = try server.screen()
        return (client, toplevel)
    }
}
