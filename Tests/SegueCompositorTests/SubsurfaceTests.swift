import CWaylandClient
import SegueImaging
@testable import SegueShell
import XCTest

/// wl_subsurface as clients rely on it: synchronized by default (a commit
/// waits for the parent's), desynchronized on request, restacked over or under
/// the parent with the parent's next commit; checked through where the pointer
/// lands and what is drawn. In process, windows placed freely.
final class SubsurfaceTests: XCTestCase {
    private var server: InProcessCompositor!
    private let green = RGBA(0, 160, 0), yellow = RGBA(255, 255, 0), blue = RGBA(0, 0, 255)

    override func setUpWithError() throws {
        server = try InProcessCompositor(width: 320, height: 180, config: InProcessCompositor.opensAtOnce)
    }

    override func tearDown() {
        server?.stop()
    }

    func testASynchronizedSubsurfacesCommitWaitsForItsParentsAndADesynchronizedOneDoesNot() throws {
        let client = try server.connect()
        let pointer = client.makePointer()
        let toplevel = try client.makeConfiguredToplevel()
        try client.show(RGBAImage(width: 100, height: 60, fill: green), on: toplevel.surface)
        try server.place(toplevel, of: client, x: 0, y: 0)
        let child = client.makeSubsurface(of: toplevel.surface, x: 10, y: 10)
        try client.show(RGBAImage(width: 20, height: 20, fill: yellow), on: child.surface)
        wl_surface_commit(toplevel.surface)
        // Grown, but cached: the pointer at (40, 40) is still over the parent.
        try client.show(RGBAImage(width: 40, height: 40, fill: yellow), on: child.surface)
        XCTAssertTrue(client.roundtrip())
        server.inject(.pointerMotion(time: 1, x: 40, y: 40))
        XCTAssertTrue(client.roundtrip())
        XCTAssertEqual(pointer.focus, toplevel.surface)

        wl_surface_commit(toplevel.surface)
        XCTAssertTrue(client.roundtrip())
        XCTAssertEqual(pointer.events.last, .enter(child.surface, x: 30, y: 30), "the parent's commit applied the cached buffer")
        XCTAssertEqual(try server.screen()[48, 48], yellow)

        wl_subsurface_set_desync(child.subsurface)
        try client.show(RGBAImage(width: 20, height: 20, fill: yellow), on: child.surface)
        XCTAssertTrue(client.roundtrip())
        XCTAssertEqual(pointer.focus, toplevel.surface, "a desynchronized commit applies at once")
    }

    func testASubsurfacePlacedBelowItsParentIsDrawnAndHitUnderIt() throws {
        let client = try server.connect()
        let pointer = client.makePointer()
        let toplevel = try client.makeConfiguredToplevel()
        try client.show(RGBAImage(width: 100, height: 60, fill: green), on: toplevel.surface)
        try server.place(toplevel, of: client, x: 20, y: 20)
        let child = client.makeSubsurface(of: toplevel.surface, x: -10, y: -10)
        try client.show(RGBAImage(width: 30, height: 30, fill: yellow), on: child.surface)
        wl_subsurface_place_below(child.subsurface, toplevel.surface)
        wl_surface_commit(toplevel.surface)
        XCTAssertTrue(client.roundtrip())
        let shot = try server.screen()
        XCTAssertEqual(shot[12, 12], yellow, "the part outside the parent shows")
        XCTAssertEqual(shot[25, 25], green, "the parent covers the rest")
        server.inject(.pointerMotion(time: 1, x: 25, y: 25))
        server.inject(.pointerMotion(time: 2, x: 12, y: 12))
        XCTAssertTrue(client.roundtrip())
        XCTAssertEqual(pointer.events, [.enter(toplevel.surface, x: 5, y: 5), .leave(toplevel.surface), .enter(child.surface, x: 2, y: 2)])

        wl_subsurface_place_above(child.subsurface, toplevel.surface)
        XCTAssertTrue(client.roundtrip())
        server.inject(.pointerMotion(time: 3, x: 25, y: 25))
        XCTAssertTrue(client.roundtrip())
        XCTAssertEqual(pointer.focus, toplevel.surface, "restacking waits for the parent's commit")
        wl_surface_commit(toplevel.surface)
        XCTAssertTrue(client.roundtrip())
        XCTAssertEqual(pointer.events.last, .enter(child.surface, x: 15, y: 15))
        XCTAssertEqual(try server.screen()[25, 25], yellow)
    }
}
