import CWaylandClient
import SegueImaging
@testable import SegueShell
import XCTest

/// wl_surface.enter and leave: a window is on the output from the first frame
/// after it maps, shown or covered by another (its client keeps drawing for
/// the output's scale), and leaves it when it unmaps. In process, with
/// Segue's own stacked placement.
final class SurfaceOutputTests: XCTestCase {
    private var server: InProcessCompositor!

    override func setUpWithError() throws {
        server = try InProcessCompositor(placement: .stacked, width: 320, height: 180)
    }

    override func tearDown() {
        server?.stop()
    }

    func testAWindowStaysOnTheOutputWhileAnotherCoversItAndLeavesWhenItUnmaps() throws {
        let client = try server.connect()
        let output = try XCTUnwrap(client.output)
        let first = try client.makeConfiguredToplevel()
        try client.show(RGBAImage(width: 320, height: 180, fill: RGBA(0, 160, 0)), on: first.surface)
        XCTAssertTrue(client.dispatch { !first.outputEvents.isEmpty })
        XCTAssertEqual(first.outputEvents.map(\.entered), [true])
        XCTAssertEqual(first.outputEvents.first?.output, output)

        let second = try client.makeConfiguredToplevel()
        try client.show(RGBAImage(width: 320, height: 180, fill: RGBA(0, 0, 255)), on: second.surface)
        XCTAssertTrue(client.dispatch { !second.outputEvents.isEmpty })
        XCTAssertTrue(server.serve { !server.compositor.navigation.isAnimating })
        _ = try server.screen()
        XCTAssertTrue(client.roundtrip())
        XCTAssertEqual(first.outputEvents.map(\.entered), [true], "covered, still on the output")
        XCTAssertEqual(second.outputEvents.map(\.entered), [true])

        // Unmapped by a commit with no buffer: off the output.
        wl_surface_attach(first.surface, nil, 0, 0)
        wl_surface_commit(first.surface)
        XCTAssertTrue(client.dispatch { first.outputEvents.count == 2 })
        XCTAssertEqual(first.outputEvents.map(\.entered), [true, false])
        XCTAssertEqual(first.outputEvents.last?.output, output)
    }

    /// A client that releases its wl_output and binds it again hears its shown
    /// window enter the new one, though the new resource may sit at the old
    /// one's address.
    func testAWindowEntersAnOutputBoundAgainAfterTheOldOneWasReleased() throws {
        let client = try server.connect()
        let window = try client.makeConfiguredToplevel()
        try client.show(RGBAImage(width: 320, height: 180, fill: RGBA(0, 160, 0)), on: window.surface)
        XCTAssertTrue(client.dispatch { !window.outputEvents.isEmpty })
        for round in 1...3 {
            client.rebindOutput()
            let output = try XCTUnwrap(client.output)
            // Another frame shows the window: it is on the new output resource.
            try client.show(RGBAImage(width: 320, height: 180, fill: RGBA(0, 0, UInt8(40 * round))), on: window.surface)
            XCTAssertTrue(client.dispatch { window.outputEvents.count == round + 1 }, "round \(round): \(window.outputEvents)")
            XCTAssertEqual(window.outputEvents.last?.entered, true)
            XCTAssertEqual(window.outputEvents.last?.output, output)
        }
    }
}
