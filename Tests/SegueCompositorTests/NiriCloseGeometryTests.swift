import CWaylandClient
import Foundation
import SegueImaging
@testable import SegueShell
import XCTest

/// A niri close shader's geometry is the closing window's own rectangle, not
/// the area its effect may draw in: the shader below shows the window's left
/// half from its texture and paints its right half yellow, and nothing
/// outside it. So the margin around the window stays as it was, the marker
/// stays at the top left (a flip or an offset of the texture fails), and
/// yellow starts at the window's middle column. It holds where a window
/// placed freely closes over its desktop, and where the one stacked window
/// closes off the background after it took its buffer away (foot's way).
final class NiriCloseGeometryTests: XCTestCase {
    private var server: InProcessCompositor!
    private var folder: URL!
    private let wallpaper = RGBA(0, 0, 160), green = RGBA(0, 180, 0), black = RGBA(0, 0, 0), yellow = RGBA(255, 255, 0)

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("segue-niri-close-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try """
            // The window's left half as it is, its right half yellow; nothing outside it.
            vec4 close_color(vec3 coords_geo, vec3 size_geo) {
                if (coords_geo.x < 0.0 || coords_geo.x > 1.0 || coords_geo.y < 0.0 || coords_geo.y > 1.0) return vec4(0.0);
                if (coords_geo.x >= 0.5) return vec4(1.0, 1.0, 0.0, 1.0);
                return texture2D(niri_tex, (niri_geo_to_tex * coords_geo).st);
            }
            """.write(to: folder.appendingPathComponent("halves.glsl"), atomically: true, encoding: .utf8)
    }

    override func tearDown() {
        server?.stop()
        if let folder { try? FileManager.default.removeItem(at: folder) }
    }

    private func start(_ placement: WindowPlacement) throws -> RawClient {
        server = try InProcessCompositor(placement: placement, width: 96, height: 54, stepped: true, config: """
            [effects.halves]
            shader = "\(folder.appendingPathComponent("halves.glsl").path)"
            [transitions.open]
            effect = "none"
            [transitions.close]
            effect = "halves"
            duration = "100ms"
            """)
        return try server.connect()
    }

    /// A 40×24 window at `origin` closing: every frame but the last shows
    /// its halves where it was, and `around` as it was.
    private func assertHalves(_ frames: [RGBAImage], origin: (x: Int, y: Int), around: RGBA, line: UInt = #line) {
        XCTAssertGreaterThanOrEqual(frames.count, 6, "it played", line: line)
        for frame in frames.dropLast() {
            XCTAssertEqual(frame[origin.x + 1, origin.y + 1], black, "its marker at its top left", line: line)
            XCTAssertEqual(frame[origin.x + 10, origin.y + 12], green, "its left half from its picture", line: line)
            XCTAssertEqual(frame[origin.x + 19, origin.y + 12], green, "up to its middle", line: line)
            XCTAssertEqual(frame[origin.x + 21, origin.y + 12], yellow, "its right half from its middle", line: line)
            XCTAssertEqual(frame[origin.x + 38, origin.y + 22], yellow, "to its bottom right", line: line)
            for (x, y) in [(origin.x - 2, origin.y + 12), (origin.x + 42, origin.y + 12), (origin.x + 20, origin.y + 26)] {
                XCTAssertEqual(frame[x, y], around, "(\(x), \(y)) in the margin: outside the geometry", line: line)
            }
        }
        XCTAssertEqual(frames.last?[origin.x + 30, origin.y + 12], around, "gone", line: line)
    }

    func testAFreelyPlacedWindowClosesWithinItsOwnRectangle() throws {
        let client = try start(.free)
        try client.showWallpaper(wallpaper, width: 96, height: 54)
        let toplevel = try server.placedWindow(client, marked(width: 40, height: 24, fill: green, marker: black, side: 6), x: 20, y: 20)
        _ = server.framesUntilIdle()
        xdg_toplevel_destroy(toplevel.toplevel)
        wl_surface_destroy(toplevel.surface)
        XCTAssertTrue(client.roundtrip())
        assertHalves(server.framesUntilIdle(), origin: (20, 20), around: wallpaper)
    }

    func testTheStackedWindowThatDropsItsBufferClosesWithinItsOwnRectangle() throws {
        let client = try start(.stacked)
        let toplevel = try client.makeConfiguredToplevel()
        try client.show(marked(width: 40, height: 24, fill: green, marker: black, side: 6), on: toplevel.surface)
        XCTAssertTrue(client.roundtrip())
        _ = server.framesUntilIdle()
        let background = server.presented[2, 2]
        XCTAssertEqual(server.presented[29, 16], black, "centred, its marker at its top left")
        wl_surface_attach(toplevel.surface, nil, 0, 0)
        wl_surface_commit(toplevel.surface)
        XCTAssertTrue(client.roundtrip())
        assertHalves(server.framesUntilIdle(), origin: (28, 15), around: background)
    }
}
