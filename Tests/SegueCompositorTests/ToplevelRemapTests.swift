import CWaylandClient
import SegueEngine
import SegueImaging
@testable import SegueShell
import XCTest

/// A toplevel unmapped by committing no buffer starts over, as xdg-shell
/// says: its next bare commit is answered by a new first configure, and a
/// buffer after that maps it again.
final class ToplevelRemapTests: XCTestCase {
    private var server: InProcessCompositor!
    private let width = 640, height = 360

    override func setUpWithError() throws {
        server = try InProcessCompositor(placement: .stacked, width: width, height: height)
    }

    override func tearDown() {
        server?.stop()
    }

    func testAnUnmappedToplevelIsConfiguredAgainByItsNextBareCommitAndMapsAgain() throws {
        let (client, toplevel) = try unmappedWindow()
        let before = toplevel.lastConfigureSerial
        client.commit(toplevel)
        XCTAssertTrue(client.roundtrip())
        let serial = try XCTUnwrap(toplevel.lastConfigureSerial)
        XCTAssertNotEqual(serial, before, "the bare commit brought a new configure")
        client.ackConfigure(toplevel, serial: serial)
        try client.show(RGBAImage(width: width, height: height, fill: RGBA(200, 0, 0)), on: toplevel.surface)
        XCTAssertTrue(client.roundtrip())
        XCTAssertTrue(server.serve { server.windowCount == 1 }, "mapped again")
    }

    func testABufferRightAfterUnmappingIsUnconfiguredBuffer() throws {
        let (client, toplevel) = try unmappedWindow()
        let pool = try XCTUnwrap(client.makePool(size: Int32(width * height * 4)))
        client.attach(pool.makeBuffer(width: Int32(width), height: Int32(height), stride: Int32(width * 4),
                                      format: WL_SHM_FORMAT_XRGB8888.rawValue), to: toplevel)
        XCTAssertFalse(client.roundtrip())
        XCTAssertEqual(client.protocolError, WaylandProtocolError(interface: "xdg_surface", code: 3))
    }

    func testAnUnmappedPopupIsConfiguredAgainByItsNextBareCommitAndShowsAgain() throws {
        let client = try server.connect()
        let toplevel = try client.makeConfiguredToplevel()
        try client.show(RGBAImage(width: width, height: height, fill: RGBA(0, 0, 200)), on: toplevel.surface)
        XCTAssertTrue(client.roundtrip())
        XCTAssertTrue(server.serve { server.windowCount == 1 && !server.compositor.navigation.isAnimating })
        let popup = client.makePopup(of: toplevel.xdgSurface, width: 40, height: 40,
                                     anchorRect: PixelRect(x: 100, y: 100, width: 1, height: 1),
                                     anchor: XDG_POSITIONER_ANCHOR_TOP_LEFT, gravity: XDG_POSITIONER_GRAVITY_BOTTOM_RIGHT)
        try client.show(RGBAImage(width: 40, height: 40, fill: RGBA(200, 0, 0)), onPopup: popup)
        XCTAssertEqual(try server.screen()[110, 110], RGBA(200, 0, 0), "the popup")
        wl_surface_attach(popup.surface, nil, 0, 0)
        wl_surface_commit(popup.surface)
        XCTAssertTrue(client.roundtrip())
        XCTAssertEqual(try server.screen()[110, 110], RGBA(0, 0, 200), "unmapped")
        let before = popup.lastConfigureSerial
        wl_surface_commit(popup.surface)
        XCTAssertTrue(client.roundtrip())
        XCTAssertNotEqual(popup.lastConfigureSerial, before, "the bare commit brought a new configure")
        try client.show(RGBAImage(width: 40, height: 40, fill: RGBA(0, 200, 0)), onPopup: popup)
        XCTAssertEqual(try server.screen()[110, 110], RGBA(0, 200, 0), "shown again")
    }

    /// A window mapped, then unmapped by a commit with no buffer.
    private func unmappedWindow() throws -> (RawClient, RawToplevel) {
        let client = try server.connect()
        let toplevel = try client.makeConfiguredToplevel()
        try client.show(RGBAImage(width: width, height: height, fill: RGBA(0, 0, 200)), on: toplevel.surface)
        XCTAssertTrue(client.roundtrip())
        XCTAssertTrue(server.serve { server.windowCount == 1 })
        client.attach(nil, to: toplevel)
        client.commit(toplevel)
        XCTAssertTrue(client.roundtrip())
        XCTAssertTrue(server.serve { server.windowCount == 0 }, "unmapped")
        return (client, toplevel)
    }
}
