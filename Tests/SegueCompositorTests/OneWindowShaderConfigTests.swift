import CWaylandClient
import Foundation
import SegueImaging
@testable import SegueShell
import XCTest

/// One-window shaders as a config names them, in a running compositor: a
/// niri config file's window-open and window-close blocks open and close a
/// window placed freely; a shader that breaks on reload leaves the last good
/// effect playing, Segue running.
final class OneWindowShaderConfigTests: XCTestCase {
    private var server: InProcessCompositor!
    private var client: RawClient!
    private var folder: URL!
    private let wallpaper = RGBA(0, 0, 160), green = RGBA(0, 180, 0), black = RGBA(0, 0, 0)

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("segue-one-window-config-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDown() {
        server?.stop()
        if let folder { try? FileManager.default.removeItem(at: folder) }
    }

    private func start(_ config: String) throws {
        server = try InProcessCompositor(placement: .free, width: 96, height: 54, stepped: true, config: config)
        client = try server.connect()
        try client.showWallpaper(wallpaper, width: 96, height: 54)
        _ = server.framesUntilIdle()
    }

    /// Green (40×24, black marker) at (20, 20): columns 20…59.
    private func open() throws -> (RawToplevel, [RGBAImage]) {
        let toplevel = try server.placedWindow(client, marked(width: 40, height: 24, fill: green, marker: black, side: 6), x: 20, y: 20)
        return (toplevel, server.framesUntilIdle())
    }

    private func close(_ toplevel: RawToplevel) -> [RGBAImage] {
        xdg_toplevel_destroy(toplevel.toplevel)
        wl_surface_destroy(toplevel.surface)
        XCTAssertTrue(client.roundtrip())
        return server.framesUntilIdle()
    }

    /// How many of the window's columns show green on row 30.
    private func shown(_ frame: RGBAImage) -> Int { (20...59).filter { frame[$0, 30] == green }.count }

    func testANiriConfigFilesWindowOpenAndCloseBlocksPlayAsTheyDescribe() throws {
        try """
            // Not Segue's concern: ignored.
            input { keyboard { xkb { layout "us"; }; }; }
            animations {
                window-open {
                    duration-ms 100
                    curve "linear"
                    custom-shader r"
                        vec4 open_color(vec3 coords_geo, vec3 size_geo) {
                            vec4 color = texture2D(niri_tex, (niri_geo_to_tex * coords_geo).st);
                            return coords_geo.x <= niri_clamped_progress ? color : vec4(0.0);
                        }
                    "
                }
                window-close {
                    duration-ms 100
                    curve "linear"
                    custom-shader r#"
                        // Goes from its bottom up: "rows" below the line are gone.
                        vec4 close_color(vec3 coords_geo, vec3 size_geo) {
                            vec4 color = texture2D(niri_tex, (niri_geo_to_tex * coords_geo).st);
                            return coords_geo.y <= 1.0 - niri_clamped_progress ? color : vec4(0.0);
                        }
                    "#
                }
            }
            """.write(to: folder.appendingPathComponent("niri.kdl"), atomically: true, encoding: .utf8)
        try start("""
            [effects.fx]
            niri = "\(folder.appendingPathComponent("niri.kdl").path)"
            [transitions.open]
            effect = "fx"
            [transitions.close]
            effect = "fx-close"
            """)
        let (toplevel, opening) = try open()
        XCTAssertGreaterThanOrEqual(opening.count, 6, "it played, 100 ms from its block")
        let columns = opening.map(shown)
        XCTAssertEqual(zip(columns, columns.dropFirst()).filter { $1 < $0 }.count, 0, "wiped in from the left: \(columns)")
        XCTAssertLessThan(columns.first ?? 40, 10, "\(columns)")
        XCTAssertEqual(opening.last?[21, 21], black, "its marker at its top left at the end")
        XCTAssertEqual(columns.last, 40)

        let closing = close(toplevel)
        XCTAssertGreaterThanOrEqual(closing.count, 6)
        XCTAssertEqual(server.compositor.control.reports.history.last?.completion.effect, "fx-close")
        let rows = closing.map { frame in (20...43).filter { frame[40, $0] == green }.count }
        XCTAssertEqual(zip(rows, rows.dropFirst()).filter { $1 > $0 }.count, 0, "it goes from its bottom up: \(rows)")
        XCTAssertEqual(closing[closing.count / 2][40, 21], green, "its top still there mid-way")
        XCTAssertEqual(closing[closing.count / 2][40, 42], wallpaper, "its bottom gone")
        XCTAssertEqual(closing.last?[40, 30], wallpaper)
    }

    func testAShaderBrokenOnReloadLeavesTheLastGoodOnePlaying() throws {
        let shader = folder.appendingPathComponent("wipe.frag")
        try "void main() { vec4 c = getInputColor(iTexCoord); c.a *= step(iTexCoord.x, uForOpening ? uProgress : 1.0 - uProgress); setOutputColor(c); }\n"
            .write(to: shader, atomically: true, encoding: .utf8)
        try start("[effects.wipe]\nshader = \"\(shader.path)\"\n[transitions.open]\neffect = \"wipe\"\nduration = \"100ms\"\n")
        try "\nuniform mat4 uTurn;\nvoid main() { setOutputColor(vec4(1.0)); }\n".write(to: shader, atomically: true, encoding: .utf8)
        guard case .failure(let errors)? = server.compositor.reloadConfig() else { return XCTFail("the broken shader was taken") }
        XCTAssertEqual(errors.diagnostics.count, 1)
        XCTAssertTrue("\(errors.diagnostics[0])".contains("\(shader.path):2:9: unsupported uniform type 'mat4'"), "\(errors)")
        let (_, opening) = try open()
        XCTAssertEqual(server.compositor.control.reports.history.last?.completion.effect, "wipe", "the last good config's")
        let columns = opening.map(shown)
        XCTAssertEqual(zip(columns, columns.dropFirst()).filter { $1 < $0 }.count, 0, "the old wipe: \(columns)")
        XCTAssertEqual(columns.last, 40)
    }
}
