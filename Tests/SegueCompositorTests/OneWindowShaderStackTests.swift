import CWaylandClient
import Foundation
import SegueImaging
@testable import SegueShell
import XCTest

/// A shader of one window (here a Burn-My-Windows effect wiping the window
/// away from its left edge as it goes, and in from there as it comes) chosen
/// for the stack: a switch plays the shown window going off the next one,
/// drawn behind it as its desktop; an open plays the new window coming over
/// the one it covers. Both windows fill the output with a marker at their top
/// left, so a flip, a swap or an offset fails.
final class OneWindowShaderStackTests: XCTestCase {
    private var server: InProcessCompositor!
    private var client: RawClient!
    private var folder: URL!
    private let red = RGBA(220, 0, 0), green = RGBA(0, 180, 0), white = RGBA(255, 255, 255), black = RGBA(0, 0, 0)

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("segue-one-window-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try """
            void main() {
                float gone = uForOpening ? 1.0 - uProgress : uProgress;
                vec4 color = getInputColor(iTexCoord);
                color.a *= iTexCoord.x >= gone ? 1.0 : 0.0;
                setOutputColor(color);
            }
            """.write(to: folder.appendingPathComponent("wipe.frag"), atomically: true, encoding: .utf8)
        server = try InProcessCompositor(placement: .stacked, width: 96, height: 54, stepped: true, config: """
            [effects.wipe]
            shader = "\(folder.appendingPathComponent("wipe.frag").path)"
            [transitions.open]
            effect = "wipe"
            duration = "100ms"
            [transitions.switch]
            effect = "wipe"
            duration = "100ms"
            [transitions.close]
            effect = "wipe"
            duration = "100ms"
            """)
        client = try server.connect()
    }

    override func tearDown() {
        server?.stop()
        if let folder { try? FileManager.default.removeItem(at: folder) }
    }

    private var last: RawToplevel?

    private func window(_ fill: RGBA, marker: RGBA) throws -> [RGBAImage] {
        let toplevel = try client.makeConfiguredToplevel()
        try client.show(marked(width: 96, height: 54, fill: fill, marker: marker, side: 6), on: toplevel.surface)
        XCTAssertTrue(client.roundtrip())
        last = toplevel
        return server.framesUntilIdle()
    }

    /// Columns of row 30 showing `color`.
    private func columns(_ frame: RGBAImage, _ color: RGBA) -> [Int] { (0..<96).filter { frame[$0, 30] == color } }

    func testANewWindowWipesInOverTheOneItCovers() throws {
        _ = try window(red, marker: white)
        let frames = try window(green, marker: black)
        XCTAssertGreaterThanOrEqual(frames.count, 6, "it played")
        let shown = frames.map { columns($0, green).count }
        XCTAssertEqual(zip(shown, shown.dropFirst()).filter { $1 < $0 }.count, 0, "green only comes in: \(shown)")
        // Mid-way green covers the right part, red still shows at the left, its marker with it.
        let middle = frames[frames.count / 2]
        XCTAssertEqual(middle[90, 30], green)
        XCTAssertEqual(middle[3, 30], red)
        XCTAssertEqual(middle[1, 1], white, "red's marker, under")
        XCTAssertEqual(frames.last?[1, 1], black, "green's marker at its top left")
        XCTAssertEqual(frames.last.map { columns($0, green).count }, 96)
    }

    func testASwitchWipesTheShownWindowAwayOffTheNextOne() throws {
        _ = try window(red, marker: white)
        _ = try window(green, marker: black)
        try server.compositor.perform(.show(.prev))
        let frames = server.framesUntilIdle()
        XCTAssertGreaterThanOrEqual(frames.count, 6, "it played")
        // The clock starts a refresh before the first frame: a sixth of green has gone.
        XCTAssertEqual(frames.first.map { columns($0, green).count }, 80, "green all but its first sixth first")
        let shown = frames.map { columns($0, green).count }
        XCTAssertEqual(zip(shown, shown.dropFirst()).filter { $1 > $0 }.count, 0, "green only goes: \(shown)")
        // Mid-way red shows at the left, where green has gone, its marker at its top left.
        let middle = frames[frames.count / 2]
        XCTAssertEqual(middle[1, 1], white, "red, behind, at its place")
        XCTAssertEqual(middle[90, 30], green, "green still at the right")
        XCTAssertEqual(frames.last.map { columns($0, red).count }, 96, "red whole last")
        XCTAssertEqual(frames.last?[1, 1], white)
    }

    func testAClosingWindowWipesAwayAsItsLastPictureOffTheOneBehind() throws {
        _ = try window(red, marker: white)
        _ = try window(green, marker: black)
        let green = try XCTUnwrap(last)
        xdg_toplevel_destroy(green.toplevel)
        wl_surface_destroy(green.surface)
        XCTAssertTrue(client.roundtrip())
        let frames = server.framesUntilIdle()
        XCTAssertGreaterThanOrEqual(frames.count, 6, "it played")
        let shown = frames.map { columns($0, self.green).count }
        XCTAssertGreaterThan(shown.first ?? 0, 48, "its last picture first: \(shown)")
        XCTAssertEqual(zip(shown, shown.dropFirst()).filter { $1 > $0 }.count, 0, "green only goes: \(shown)")
        XCTAssertEqual(frames[frames.count / 2][1, 1], white, "red behind, at its place")
        XCTAssertEqual(frames.last.map { columns($0, red).count }, 96, "red whole last")
    }
}
