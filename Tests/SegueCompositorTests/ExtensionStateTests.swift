import CWaylandClient
import SegueImaging
@testable import SegueShell
@testable import SegueWayland
import XCTest

/// A protocol that keeps state per commit adds its part and nothing else:
/// the surface carries it through pending, cached (a synchronized
/// subsurface) and applied, and the compositor reads what was applied.
final class ExtensionStateTests: XCTestCase {
    /// A made-up extension's part: the latest value asked for.
    private struct Asked: SurfaceStateExtension {
        var value = 0
        mutating func absorb(_ newer: Asked, contentReplaced: Bool) {
            if newer.value != 0 { value = newer.value }
        }
    }

    private var server: InProcessCompositor!

    override func setUpWithError() throws {
        server = try InProcessCompositor(placement: .stacked, width: 64, height: 36)
    }

    override func tearDown() {
        server?.stop()
    }

    private func serverSurface(_ surface: OpaquePointer, of client: RawClient) throws -> Surface {
        try XCTUnwrap(server.compositor.server.surface(of: try server.serverSide(of: client), id: wl_proxy_get_id(surface)))
    }

    func testAPartAskedForIsAppliedAtTheCommitAndASynchronizedSubsurfacesWaitsForItsParent() throws {
        let client = try server.connect()
        let toplevel = try client.makeConfiguredToplevel()
        try client.show(RGBAImage(width: 64, height: 36, fill: RGBA(0, 0, 200)), on: toplevel.surface)
        let sub = client.makeSubsurface(of: toplevel.surface, x: 4, y: 4)
        XCTAssertTrue(client.roundtrip())
        let parent = try serverSurface(toplevel.surface, of: client), child = try serverSurface(sub.surface, of: client)

        parent.modifyPending(Asked.self) { $0.value = 7 }
        XCTAssertEqual(parent.applied(Asked.self).value, 0, "pending until the commit")
        wl_surface_commit(toplevel.surface)
        XCTAssertTrue(client.roundtrip())
        XCTAssertEqual(parent.applied(Asked.self).value, 7)

        child.modifyPending(Asked.self) { $0.value = 3 }
        wl_surface_commit(sub.surface)
        XCTAssertTrue(client.roundtrip())
        XCTAssertEqual(child.applied(Asked.self).value, 0, "cached: a synchronized subsurface waits for its parent")
        wl_surface_commit(toplevel.surface)
        XCTAssertTrue(client.roundtrip())
        XCTAssertEqual(child.applied(Asked.self).value, 3, "applied with the parent's commit")
        XCTAssertEqual(parent.applied(Asked.self).value, 7, "a commit that asks nothing keeps what was applied")
    }
}
