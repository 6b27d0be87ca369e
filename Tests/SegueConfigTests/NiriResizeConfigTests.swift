import Foundation
import SegueConfig
import SegueEngine
import SegueTestSupport
import XCTest

/// A niri resize shader draws resizes and nothing else: `[transitions.resize]
/// effect` names it (its niri block's time under the table's), an event's
/// choice may not, nor may a random one pick it.
final class NiriResizeConfigTests: XCTestCase {
    private var folder: URL!
    private var configPath: String { folder.appendingPathComponent("config.toml").path }

    override func setUpWithError() throws {
        folder = try ConfigFixture.temporaryFolder()
        try "vec4 resize_color(vec3 c, vec3 s) { return texture2D(niri_tex_next, (niri_geo_to_tex_next * c).st); }\n"
            .write(to: folder.appendingPathComponent("stretch.glsl"), atomically: true, encoding: .utf8)
        try """
            animations {
                window-resize {
                    duration-ms 420
                    curve "ease-out-cubic"
                    custom-shader r"
                        vec4 resize_color(vec3 c, vec3 s) { return texture2D(niri_tex_next, (niri_geo_to_tex_next * c).st); }
                    "
                }
            }
            """.write(to: folder.appendingPathComponent("niri.kdl"), atomically: true, encoding: .utf8)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    private func load(_ text: String) -> Result<SegueConfig, ConfigErrors> { ConfigFixture.parse(text, path: configPath) }

    private func problems(_ text: String) -> [String] { ConfigFixture.problems(text, path: configPath) }

    func testTheResizeTableNamesAResizeShader() throws {
        let config = try load("[effects.stretch]\nshader = \"stretch.glsl\"\n[transitions.resize]\neffect = \"stretch\"\nduration = \"300ms\"").get()
        XCTAssertEqual(config.effects["stretch"]?.source.interface, .niriResize)
        XCTAssertEqual(config.resize.shader, "stretch")
        XCTAssertTrue(config.resize.animates)
        XCTAssertEqual(config.resize.duration, 0.3)
        let crossfade = try load("[effects.stretch]\nshader = \"stretch.glsl\"\n[transitions.resize]\neffect = \"crossfade\"").get()
        XCTAssertNil(crossfade.resize.shader)
    }

    func testANiriFilesResizeBlockIsNAMEResizeWithItsTime() throws {
        let config = try load("[effects.fx]\nniri = \"niri.kdl\"\n[transitions.resize]\neffect = \"fx-resize\"").get()
        XCTAssertEqual(config.resize.shader, "fx-resize")
        XCTAssertEqual(config.resize.duration, 0.42, "the block's duration-ms")
        XCTAssertNotEqual(config.resize.curve, ResizeSettings().curve, "the block's curve")
    }

    func testAnEventMayNotPlayAResizeShaderNorAResizeAnotherEffect() throws {
        XCTAssertEqual(problems("[effects.stretch]\nshader = \"stretch.glsl\"\n[transitions.open]\neffect = \"stretch\""), [
            "4:10: 'stretch' is a niri resize shader: it plays as [transitions.resize] effect, not for an event",
        ])
        XCTAssertEqual(problems("[effects.stretch]\nshader = \"stretch.glsl\"\n[transitions.open]\neffect = \"random\"\nchoices = [\"slide\", \"stretch\"]"), [
            "5:21: 'stretch' is a niri resize shader: it plays as [transitions.resize] effect, not for an event",
        ])
        XCTAssertEqual(problems("[effects.stretch]\nshader = \"stretch.glsl\"\n[transitions.resize]\neffect = \"slide\""), [
            "4:10: a resize plays \"crossfade\", \"none\" or a niri resize shader (resize_color), not 'slide'",
        ])
        let random = try load("[effects.stretch]\nshader = \"stretch.glsl\"\n[transitions.open]\neffect = \"random\"").get()
        guard case .random(let choices)? = random.transitions[.open]?.effect else { return XCTFail("random") }
        XCTAssertFalse(choices.contains("stretch"), "a random pick is never a resize shader")
    }
}
