import SegueEngine
import SegueImaging
@testable import SegueRender
import XCTest

/// niri's window open and close shaders, played as a window over the screen
/// behind it: the file's function gets coordinates relative to the window's
/// geometry, the picture through `niri_geo_to_tex`, the size in pixels and
/// progress clamped and not. The shaders here wipe the window in from, or out
/// to, the left, so a flip, an offset or progress the wrong way fails.
final class NiriShaderTests: XCTestCase {
    private let blue = RGBA(0, 0, 200), red = RGBA(220, 0, 0), white = RGBA(255, 255, 255), green = RGBA(0, 255, 0)
    /// 32×18 red with a white marker at its top left, at (40, 20) of a 96×54 output.
    private let placed = PixelRect(x: 40, y: 20, width: 32, height: 18)
    private let area = PixelRect(x: 24, y: 4, width: 64, height: 50)

    /// Green wherever what niri promises is not so: the size in pixels, clamped progress, a seed in 0..<1.
    private func wipe(_ function: String, shows condition: String) -> String {
        """
        vec4 \(function)(vec3 coords_geo, vec3 size_geo) {
            if (size_geo != vec3(32.0, 18.0, 1.0) || niri_clamped_progress != clamp(niri_progress, 0.0, 1.0)
                || niri_random_seed < 0.0 || niri_random_seed >= 1.0) return vec4(0.0, 1.0, 0.0, 1.0);
            vec4 color = texture2D(niri_tex, (niri_geo_to_tex * coords_geo).st);
            return \(condition) ? color : vec4(0.0);
        }
        """
    }

    private func effect(_ text: String) throws -> EffectDescriptor {
        try EffectDescriptor(name: "wipe", source: try ShaderSource.parse(text, path: "wipe.glsl"), origin: .userShader)
    }

    private func frame(_ effect: EffectDescriptor, opening: Bool, progress: Double, direction: TransitionDirection = .forward) throws -> RGBAImage {
        let renderer = try RenderFixture.renderer()
        var picture = RGBAImage(width: 32, height: 18, fill: red)
        picture.fill(white, x: 0, y: 0, width: 4, height: 4)
        let window = try Texture(image: picture)
        let scene = try Texture(image: RGBAImage(width: 96, height: 54, fill: blue))
        let target = try RenderTarget(width: 96, height: 54)
        var settings = EffectSettings(effect)
        settings.seed = 0.5
        try renderer.render(.windowOver(settings, window: [SurfaceLayer(window, at: placed)], area: area, scene: scene, opening: opening,
                                        progress: progress, direction: direction, form: .shader), into: target)
        return target.readPixels(opaque: true)
    }

    private func assertWindow(_ image: RGBAImage, columns shown: ClosedRange<Int>?, line: UInt = #line) {
        for x in 38...74 {
            for y in [21, 30, 36] {
                let inside = placed.x...(placed.x + placed.width - 1) ~= x && (shown?.contains(x) ?? false)
                let expected = !inside ? blue : (x - placed.x < 4 && y - placed.y < 4 ? white : red)
                XCTAssertEqual(image[x, y], expected, "(\(x), \(y))", line: line)
            }
        }
        XCTAssertEqual(image[2, 2], blue, "the scene outside the area as it is", line: line)
        XCTAssertEqual(image[93, 51], blue, line: line)
    }

    func testAnOpenShaderShowsNoWindowFirstTheWindowExactLastAndWipesItInBetween() throws {
        let open = try effect(wipe("open_color", shows: "coords_geo.x <= niri_clamped_progress"))
        XCTAssertEqual(open.source.interface, .niriOpen)
        assertWindow(try frame(open, opening: true, progress: 0), columns: nil)
        assertWindow(try frame(open, opening: true, progress: 1), columns: 40...71)
        // Half way the left half of its geometry: 16 of its 32 columns, its marker among them.
        assertWindow(try frame(open, opening: true, progress: 0.5), columns: 40...55)
    }

    func testACloseShaderShowsTheWindowFirstNothingLast() throws {
        let close = try effect(wipe("close_color", shows: "coords_geo.x >= niri_clamped_progress"))
        XCTAssertEqual(close.source.interface, .niriClose)
        assertWindow(try frame(close, opening: false, progress: 0), columns: 40...71)
        assertWindow(try frame(close, opening: false, progress: 0.5), columns: 56...71)
        assertWindow(try frame(close, opening: false, progress: 1), columns: nil)
    }

    func testAnOpenShaderPlaysACloseBackwards() throws {
        let open = try effect(wipe("open_color", shows: "coords_geo.x <= niri_clamped_progress"))
        // A quarter of the way through the close: three quarters of the open.
        assertWindow(try frame(open, opening: false, progress: 0.25, direction: .reverse), columns: 40...63)
        assertWindow(try frame(open, opening: false, progress: 1, direction: .reverse), columns: nil)
    }

    func testAnErrorInTheFileNamesItsOwnLine() throws {
        let broken = try effect("float f() { return 1.0; }\nvec4 open_color(vec3 c, vec3 s) {\n    return vec4(undefined_name);\n}\n")
        XCTAssertThrowsError(try frame(broken, opening: true, progress: 0.5)) { error in
            XCTAssertTrue("\(error)".contains("wipe.glsl:3"), "\(error)")
        }
    }
}
