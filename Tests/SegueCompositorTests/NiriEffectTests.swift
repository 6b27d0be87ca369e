import CWaylandClient
import Foundation
import SegueImaging
@testable import SegueShell
import XCTest

/// A niri open shader of the user's, named in `[effects.NAME] shader`, plays
/// as windows open over their desktop and, backwards, as they close: the
/// first frame of an open shows the window's first columns (a refresh into
/// the wipe), the last the window exact with its marker at its top left, the
/// frames between it wiped in from the left; the desktop outside the window
/// and its margin never changes.
final class NiriEffectTests: XCTestCase {
    private var server: InProcessCompositor!
    private var client: RawClient!
    private var folder: URL!
    private let wallpaper = RGBA(0, 0, 160), green = RGBA(0, 180, 0), black = RGBA(0, 0, 0)

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("segue-niri-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let shader = folder.appendingPathComponent("wipe.glsl")
        try """
            // Wipes the window in from its left edge.
            vec4 open_color(vec3 coords_geo, vec3 size_geo) {
                vec4 color = texture2D(niri_tex, (niri_geo_to_tex * coords_geo).st);
                return coords_geo.x <= niri_clamped_progress ? color : vec4(0.0);
            }
            """.write(to: shader, atomically: true, encoding: .utf8)
        server = try InProcessCompositor(placement: .free, width: 96, height: 54, stepped: true, config: """
            [effects.wipe]
            shader = "\(shader.path)"
            [transitions.open]
            effect = "wipe"
            duration = "100ms"
            easing = "linear"
            """)
        client = try server.connect()
        try client.showWallpaper(wallpaper, width: 96, height: 54)
        _ = server.framesUntilIdle()
    }

    override func tearDown() {
        server?.stop()
        if let folder { try? FileManager.default.removeItem(at: folder) }
    }

    /// Green (40×24, black marker) at (20, 20): columns 20…59.
    private func assertOnlyTheWindowChanges(_ frames: [RGBAImage], line: UInt = #line) {
        for frame in frames {
            for (x, y) in [(1, 1), (94, 1), (1, 52), (94, 52), (10, 30)] where frame[x, y] != wallpaper {
                XCTFail("(\(x), \(y)) is \(frame[x, y]), outside the window and its margin", line: line)
            }
        }
    }

    func testAWindowOpensWithTheNiriShaderAndClosesWithItBackwards() throws {
        let toplevel = try server.placedWindow(client, marked(width: 40, height: 24, fill: green, marker: black, side: 6), x: 20, y: 20)
        let opening = server.framesUntilIdle()
        XCTAssertGreaterThanOrEqual(opening.count, 6, "it played")
        XCTAssertEqual(server.compositor.control.reports.history.last?.completion.effect, "wipe")
        let first = try XCTUnwrap(opening.first), last = try XCTUnwrap(opening.last)
        // The clock starts a refresh before the first frame: it shows the wipe's first sixth.
        XCTAssertEqual(first[28, 42], wallpaper, "the first frame: only the window's first columns")
        XCTAssertEqual(first[58, 42], wallpaper)
        XCTAssertEqual(last[21, 21], black, "its marker at its top left")
        XCTAssertEqual(last[58, 42], green, "all of it")
        // Mid-way its left part shows, its right does not yet.
        let middle = opening[opening.count / 2]
        XCTAssertEqual(middle[22, 30], green)
        XCTAssertEqual(middle[58, 30], wallpaper)
        let lefts = opening.map { frame in (20...59).last { frame[$0, 30] == green } ?? 19 }
        XCTAssertEqual(zip(lefts, lefts.dropFirst()).filter { $1 < $0 }.count, 0, "the wipe only moves right: \(lefts)")
        assertOnlyTheWindowChanges(opening)

        xdg_toplevel_destroy(toplevel.toplevel)
        wl_surface_destroy(toplevel.surface)
        XCTAssertTrue(client.roundtrip())
        let closing = server.framesUntilIdle()
        XCTAssertGreaterThanOrEqual(closing.count, 6)
        XCTAssertEqual(closing.first?[21, 21], black, "its last picture, whole, first")
        XCTAssertEqual(closing.last?[21, 21], wallpaper, "gone")
        let rights = closing.map { frame in (20...59).last { frame[$0, 30] == green } ?? 19 }
        XCTAssertEqual(zip(rights, rights.dropFirst()).filter { $1 > $0 }.count, 0, "wiped back out to the left: \(rights)")
        assertOnlyTheWindowChanges(closing)
    }
}
