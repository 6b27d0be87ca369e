import CWaylandClient
import Foundation
import SegueImaging
@testable import SegueShell
import XCTest

/// `[transitions.resize] effect` naming a niri resize shader: it draws the
/// resize, from the old picture to the new buffer over the rectangle
/// between them. The shader here shows the old picture left of a line that
/// sweeps right to left, the new one right of it, each stretched over the
/// current rectangle, and nothing outside it.
extension ResizeMotionTests {
    private func startWithShader() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("segue-resize-shader-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        let shader = folder.appendingPathComponent("sweep.glsl")
        try """
            vec4 resize_color(vec3 coords_curr_geo, vec3 size_curr_geo) {
                vec3 c = coords_curr_geo;
                if (c.x < 0.0 || c.x > 1.0 || c.y < 0.0 || c.y > 1.0) return vec4(0.0);
                if (c.x < 1.0 - niri_clamped_progress) return texture2D(niri_tex_prev, (niri_geo_to_tex_prev * c).st);
                return texture2D(niri_tex_next, (niri_geo_to_tex_next * c).st);
            }
            """.write(to: shader, atomically: true, encoding: .utf8)
        try start("effect = \"sweep\"\n[effects.sweep]\nshader = \"\(shader.path)\"")
    }

    func testANiriResizeShaderDrawsTheResizeFromTheOldPictureToTheNew() throws {
        try startWithShader()
        let toplevel = try placedRed()
        try restate(toplevel, maximized: true, drawing: marked(width: 96, height: 54, fill: green, marker: blue, side: 6))
        let frames = server.framesUntilIdle()
        XCTAssertEqual(frames.count, 6, "100 ms at 60 Hz")
        let spans = frames.compactMap { span($0, row: 28) }
        XCTAssertEqual(zip(spans, spans.dropFirst()).filter { $1.left >= $0.left || $1.right <= $0.right }.count, 0,
                       "the rectangle grows as the crossfade's would: \(spans)")
        XCTAssertEqual(frames[0][1, 1], background, "nothing at the output's corner yet")
        // Mid-way: the old picture at the left of the rectangle, its marker at its top left; the new at its right.
        let middle = frames[2], left = try XCTUnwrap(span(middle, row: 28)).left
        let top = try XCTUnwrap((0..<54).first { middle[left + 1, $0] != background })
        XCTAssertEqual(middle[left + 1, top + 1], white, "the old marker at the rectangle's top left")
        XCTAssertEqual(middle[left + 10, 28], red)
        XCTAssertEqual(middle[try XCTUnwrap(span(middle, row: 28)).right - 2, 28], green)
        let last = try XCTUnwrap(frames.last)
        XCTAssertEqual(last[2, 2], blue, "the new buffer whole at the end, its marker at its top left")
        XCTAssertEqual(last[48, 28], green)
        XCTAssertEqual(last[93, 51], green)
        XCTAssertFalse(server.compositor.output.layerSurfaces.motions.resizes.isAnimating, "it ended")
    }
}
