import SegueEngine
import SegueImaging
@testable import SegueRender
import XCTest

/// niri's window resize shader: `resize_color` gets coordinates relative to
/// the current geometry (0 to 1 across it from its top-left), the pictures
/// before and after with their geometry-to-picture matrices, the matrices
/// from the current geometry to the previous and next ones (a scale, top
/// left held), the current size in pixels, and progress clamped and not.
/// The pictures carry a marker at their top left and differ left to right,
/// so a flip, a swap, a stretch taken for a crop or an offset fails.
final class NiriResizeShaderTests: XCTestCase {
    private let red = RGBA(220, 0, 0), white = RGBA(255, 255, 255), green = RGBA(0, 180, 0), blue = RGBA(0, 0, 200)
    private let black = RGBA(0, 0, 0), clear = RGBA(0, 0, 0, 0)
    /// A 64×40 drawing; the current geometry 30×15 at (10, 10).
    private let current = LayerRect(x: 10.0 / 64, y: 10.0 / 40, width: 30.0 / 64, height: 15.0 / 40)

    private func effect(_ body: String) throws -> EffectDescriptor {
        try EffectDescriptor(name: "resize", source: try ShaderSource.parse("""
            vec4 resize_color(vec3 coords_curr_geo, vec3 size_curr_geo) {
                if (size_curr_geo != vec3(30.0, 15.0, 1.0) || niri_curr_geo_size != vec2(30.0, 15.0)
                    || niri_clamped_progress != clamp(niri_progress, 0.0, 1.0)) return vec4(1.0, 0.0, 1.0, 1.0);
                if (coords_curr_geo.x < 0.0 || coords_curr_geo.x > 1.0 || coords_curr_geo.y < 0.0 || coords_curr_geo.y > 1.0) return vec4(0.0);
                \(body)
            }
            """, path: "resize.glsl"), origin: .userShader)
    }

    /// Before: 20×10 red, a white marker; after: 40×20, its left half green, its right blue, a black marker.
    private func frame(_ effect: EffectDescriptor, progress: Double) throws -> RGBAImage {
        let renderer = try RenderFixture.renderer()
        var before = RGBAImage(width: 20, height: 10, fill: red)
        before.fill(white, x: 0, y: 0, width: 4, height: 4)
        var after = RGBAImage(width: 40, height: 20, fill: green)
        after.fill(blue, x: 20, y: 0, width: 20, height: 20)
        after.fill(black, x: 0, y: 0, width: 4, height: 4)
        let target = try RenderTarget(width: 64, height: 40)
        try renderer.draw(EffectSettings(effect), from: try Texture(image: before), to: try Texture(image: after), progress: progress,
                          form: .shader, resizing: ResizeFrame(current: current, previous: (20, 10), next: (40, 20)), into: target)
        return target.readPixels(opaque: false)
    }

    func testItsFunctionRunsOverTheCurrentGeometryFromThePictureBeforeToTheOneAfter() throws {
        let fade = try effect("""
                vec4 before = texture2D(niri_tex_prev, (niri_geo_to_tex_prev * coords_curr_geo).st);
                vec4 after = texture2D(niri_tex_next, (niri_geo_to_tex_next * coords_curr_geo).st);
                return mix(before, after, niri_clamped_progress);
            """)
        XCTAssertEqual(fade.source.interface, .niriResize)
        let first = try frame(fade, progress: 0), last = try frame(fade, progress: 1)
        XCTAssertEqual(first[11, 11], white, "the picture before stretched over it, its marker at its top left")
        XCTAssertEqual(first[38, 23], red)
        XCTAssertEqual(last[11, 11], black, "the one after, its marker at its top left")
        XCTAssertEqual(last[20, 17], green, "its left half on the left")
        XCTAssertEqual(last[38, 17], blue)
        for (x, y) in [(8, 17), (42, 17), (25, 8), (25, 26), (60, 36)] {
            XCTAssertEqual(first[x, y], clear, "(\(x), \(y)) outside it: transparent")
            XCTAssertEqual(last[x, y], clear)
        }
        let middle = try frame(fade, progress: 0.5)[38, 23]
        XCTAssertEqual(Int(middle.r), 110, accuracy: 3, "half red")
        XCTAssertEqual(Int(middle.b), 100, accuracy: 3, "half blue")
    }

    func testTheCurrentToNextMatrixCropsWhereTheWindowIsGrowing() throws {
        // The current geometry is three quarters of the next's size: cropped, its right edge shows the next's 0.75.
        let crop = try effect("""
                bool grows = niri_curr_geo_to_next_geo[0][0] <= 1.0 && niri_curr_geo_to_next_geo[1][1] <= 1.0;
                if (!grows) return vec4(1.0, 1.0, 0.0, 1.0);
                vec3 coords_next_geo = niri_curr_geo_to_next_geo * coords_curr_geo;
                vec3 coords_prev_geo = niri_curr_geo_to_prev_geo * coords_curr_geo;
                if (abs(coords_prev_geo.x - 1.0) > 0.04) {
                    return texture2D(niri_tex_next, (niri_geo_to_tex_next * coords_next_geo).st);
                }
                return vec4(1.0);
            """)
        let image = try frame(crop, progress: 1)
        XCTAssertEqual(image[11, 11], black, "the next's top left at the current's")
        // x = 10 + 30 × 0.6: the next's 0.45 (green) cropped, where stretched it would be 0.6 (blue).
        XCTAssertEqual(image[28, 17], green)
        XCTAssertEqual(image[39, 17], blue, "its right edge: the next's 0.74")
        // The previous geometry is 20 wide: its right edge (1.0) lies at 20 of the current's 30 columns, x = 30.
        XCTAssertEqual(image[30, 17], white)
    }
}
