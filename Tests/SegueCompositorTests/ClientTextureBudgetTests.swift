import CWaylandClient
import SegueImaging
@testable import SegueShell
import XCTest

/// A client's surfaces together hold at most a budget of texture bytes: one
/// that commits past it is told wl_display's no_memory and disconnected, its
/// textures go, and other clients, each with a budget of its own, carry on.
final class ClientTextureBudgetTests: XCTestCase {
    private var server: InProcessCompositor!
    /// One 640×360 XRGB buffer's texture.
    private let screenBytes = 640 * 360 * 4

    override func setUpWithError() throws {
        // Room for two output-sized textures per client, not three.
        server = try InProcessCompositor(placement: .stacked, width: 640, height: 360, clientTextureBudget: 2 * 640 * 360 * 4 + 1000)
    }

    override func tearDown() {
        server?.stop()
    }

    private func mappedWindow(_ client: RawClient, _ colour: RGBA) throws -> RawToplevel {
        let toplevel = try client.makeConfiguredToplevel()
        try client.show(RGBAImage(width: 640, height: 360, fill: colour), on: toplevel.surface)
        XCTAssertTrue(client.roundtrip())
        return toplevel
    }

    func testAClientPastItsBudgetIsOutOfMemoryAndOthersCarryOn() throws {
        let greedy = try server.connect()
        let window = try mappedWindow(greedy, RGBA(200, 0, 0))
        let child = greedy.makeSubsurface(of: window.surface, x: 0, y: 0)
        try greedy.show(RGBAImage(width: 640, height: 360, fill: RGBA(0, 200, 0)), on: child.surface)
        wl_surface_commit(window.surface)
        XCTAssertTrue(greedy.roundtrip())
        let greedySide = try server.serverSide(of: greedy)
        XCTAssertEqual(server.compositor.textures.bytes(heldBy: greedySide), 2 * screenBytes)

        // A second client has a budget of its own.
        let modest = try server.connect()
        _ = try mappedWindow(modest, RGBA(0, 0, 200))
        XCTAssertEqual(server.compositor.textures.bytes(heldBy: try server.serverSide(of: modest)), screenBytes)

        // A third screen's worth is past the first client's budget.
        let third = greedy.makeSubsurface(of: window.surface, x: 0, y: 0)
        try greedy.show(RGBAImage(width: 640, height: 360, fill: RGBA(200, 200, 0)), on: third.surface)
        wl_surface_commit(window.surface)
        XCTAssertFalse(greedy.roundtrip())
        XCTAssertEqual(greedy.protocolError, WaylandProtocolError(interface: "wl_display", code: 2), "no_memory")
        XCTAssertTrue(greedy.connectionClosed())
        XCTAssertTrue(server.serve { server.windowCount == 1 }, "only the modest client's window is left")
        XCTAssertEqual(server.compositor.textures.bytes(heldBy: greedySide), 0, "the disconnected client's textures went")
        XCTAssertTrue(server.serve { !server.compositor.navigation.isAnimating })
        XCTAssertEqual(try server.screen()[320, 180], RGBA(0, 0, 200), "the other client's window shows")
    }

    func testANewBufferSizeReplacesTheSurfacesTextureInTheCount() throws {
        let client = try server.connect()
        let window = try mappedWindow(client, RGBA(200, 0, 0))
        let side = try server.serverSide(of: client)
        // Resized again and again, a surface counts once, at its newest size.
        for size in [(320, 180), (640, 360), (100, 100), (640, 360)] {
            try client.show(RGBAImage(width: size.0, height: size.1, fill: RGBA(0, 200, 0)), on: window.surface)
            XCTAssertTrue(client.roundtrip())
            XCTAssertEqual(server.compositor.textures.bytes(heldBy: side), size.0 * size.1 * 4, "\(size)")
        }
        // A second screen-sized surface still fits; the count falls when it goes.
        let child = client.makeSubsurface(of: window.surface, x: 0, y: 0)
        try client.show(RGBAImage(width: 640, height: 360, fill: RGBA(0, 0, 200)), on: child.surface)
        wl_surface_commit(window.surface)
        XCTAssertTrue(client.roundtrip())
        XCTAssertEqual(server.compositor.textures.bytes(heldBy: side), 2 * screenBytes)
        wl_subsurface_destroy(child.subsurface)
        wl_surface_destroy(child.surface)
        XCTAssertTrue(client.roundtrip())
        XCTAssertEqual(server.compositor.textures.bytes(heldBy: side), screenBytes)
    }
}
