import Foundation
import SegueConfig
import SegueEngine
import SegueImaging
import SegueTestSupport
import XCTest

/// `[effects.NAME]`: user shaders loaded relative to the config, checked, and
/// then played by name like a built-in.
final class UserEffectTests: XCTestCase {
    private var folder: URL!
    private var configPath: String { folder.appendingPathComponent("config.toml").path }

    private static let wipe = """
        // @duration 600ms
        uniform float edge; // = 0.1 (0..1) width of the edge
        vec4 transition(vec2 uv) { return uv.x < progress + edge ? getToColor(uv) : getFromColor(uv); }
        """

    override func setUpWithError() throws {
        folder = try ConfigFixture.temporaryFolder()
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("shaders"), withIntermediateDirectories: true)
        try Self.wipe.write(to: folder.appendingPathComponent("shaders/wipe.glsl"), atomically: true, encoding: .utf8)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    private func load(_ text: String, checkShader: (EffectDescriptor) -> [String] = { _ in [] }) throws -> Result<SegueConfig, ConfigErrors> {
        try text.write(toFile: configPath, atomically: true, encoding: .utf8)
        return ConfigLoader.load(path: configPath, builtins: ConfigFixture.builtins, checkShader: checkShader)
    }

    private func problems(_ text: String, checkShader: (EffectDescriptor) -> [String] = { _ in [] }) throws -> [String] {
        guard case .failure(let errors) = try load(text, checkShader: checkShader) else { return [] }
        return errors.diagnostics.map { ($0.path == configPath ? "" : $0.path + ":") + "\($0.line):" + ($0.column.map { "\($0):" } ?? "") + " \($0.message)" }
    }

    func testAUserShaderIsRegisteredWithItsDefaultsAndPlayedByARule() throws {
        var checked: [String] = []
        let result = try load("""
            [effects.wipe]
            shader = "shaders/wipe.glsl"
            edge = 0.3
            easing = "ease-out"

            [[rules]]
            app-id = "foot"
            effect = "wipe"
            """, checkShader: { checked.append($0.name); return [] })
        let config = try result.get()
        XCTAssertEqual(checked, ["wipe"])
        let effect = try XCTUnwrap(config.effects["wipe"])
        XCTAssertEqual(effect.origin, .userShader)
        XCTAssertEqual(effect.source.path, folder.appendingPathComponent("shaders/wipe.glsl").path)
        XCTAssertEqual(config.effectDefaults["wipe"], PartialChoice(curve: .easeOut, parameters: ["edge": .float(0.3)]))
        var random = SeededGenerator(seed: 1)
        let played = config.resolve(event: .switch, from: nil, to: WindowInfo(appID: "foot", title: "~"), random: &random)
        XCTAssertEqual(played.settings?.effect.name, "wipe")
        XCTAssertEqual(played.settings?.value("edge"), .float(0.3))
        XCTAssertEqual(played.settings?.duration, 0.6)
        XCTAssertEqual(played.settings?.curve, .easeOut)
        XCTAssertEqual(config.settings(effect: "wipe")?.value("edge"), .float(0.3))
    }

    /// A compiler message with a line and no column (NVIDIA's) stays in the
    /// shader file at its line, with no column made up; one with neither is
    /// placed at the config's `shader` value.
    func testACompilerMessageWithoutAColumnStaysAtItsLineInTheShader() throws {
        let shader = folder.appendingPathComponent("shaders/wipe.glsl").path
        XCTAssertEqual(try problems("[effects.wipe]\nshader = \"shaders/wipe.glsl\"", checkShader: { _ in
            ["\(shader):4: error C1503: undefined variable \"foo\"", "the driver said something else"]
        }), [
            "2:10: effect 'wipe': the driver said something else",
            "\(shader):4: error C1503: undefined variable \"foo\"",
        ])
    }

    func testAMissingShaderIsReportedAtItsValueWithTheShadersOwnError() throws {
        XCTAssertEqual(try problems("[effects.mine]\nshader = \"missing.glsl\"\n[transitions.switch]\neffect = \"mine\"\nedge = 1"), [
            "2:10: shader \"missing.glsl\" cannot be used: \(folder.path)/missing.glsl:1:1: cannot open: No such file or directory",
        ])
    }

    func testABinaryShaderIsRefused() throws {
        try Data([0x7f, 0x45, 0x4c, 0x46, 0, 1, 2]).write(to: folder.appendingPathComponent("shaders/a.out"))
        XCTAssertEqual(try problems("[effects.bin]\n  shader = \"shaders/a.out\""), [
            "2:12: shader \"shaders/a.out\" cannot be used: \(folder.path)/shaders/a.out:1:1: not a text file",
        ])
    }

    func testANiriOpenShaderIsAUserEffectTooItsFormatFoundByItsFunction() throws {
        try "vec4 open_color(vec3 coords_geo, vec3 size_geo) {\n    return texture2D(niri_tex, (niri_geo_to_tex * coords_geo).st);\n}\n"
            .write(to: folder.appendingPathComponent("shaders/appear.glsl"), atomically: true, encoding: .utf8)
        let config = try load("[effects.appear]\nshader = \"shaders/appear.glsl\"\nduration = \"300ms\"\n[transitions.open]\neffect = \"appear\"").get()
        XCTAssertEqual(config.effects["appear"]?.source.interface, .niriOpen)
        XCTAssertEqual(config.transitions[.open]?.effect, .named("appear"))
    }

    func testAFileWithNoEntryPointSegueKnowsIsRefusedNamingTheFile() throws {
        try "vec4 main_color(vec3 c) { return vec4(1.0); }\n".write(to: folder.appendingPathComponent("shaders/none.glsl"), atomically: true, encoding: .utf8)
        XCTAssertEqual(try problems("[effects.blank]\nshader = \"shaders/none.glsl\""), [
            "2:10: shader \"shaders/none.glsl\" cannot be used: \(folder.path)/shaders/none.glsl:1:1: defines no entry point Segue knows: "
                + "vec4 transition(vec2 uv) (gl-transitions), vec4 open_color(vec3 coords_geo, vec3 size_geo), close_color(...) or resize_color(...) (niri), "
                + "or void main() calling setOutputColor (Burn-My-Windows)",
        ])
    }

    private static let niriConfig = """
        input { keyboard { numlock; } }
        animations {
            window-open {
                duration-ms 250
                curve "ease-out-expo"
                custom-shader r"
                    vec4 open_color(vec3 coords_geo, vec3 size_geo) {
                        return texture2D(niri_tex, (niri_geo_to_tex * coords_geo).st) * niri_clamped_progress;
                    }
                "
            }
            window-close {
                spring damping-ratio=0.8 stiffness=600 epsilon=0.0001
                custom-shader r"
                    vec4 close_color(vec3 coords_geo, vec3 size_geo) {
                        return texture2D(niri_tex, (niri_geo_to_tex * coords_geo).st) * (1.0 - niri_clamped_progress);
                    }
                "
            }
        }
        """

    func testANiriConfigsAnimationsAreEffectsWithTheirOwnTiming() throws {
        try Self.niriConfig.write(to: folder.appendingPathComponent("niri.kdl"), atomically: true, encoding: .utf8)
        let config = try load("[effects.fx]\nniri = \"niri.kdl\"\n[transitions.open]\neffect = \"fx\"\n[transitions.close]\neffect = \"fx-close\"").get()
        XCTAssertEqual(config.effects["fx"]?.source.interface, .niriOpen)
        XCTAssertEqual(config.effects["fx-close"]?.source.interface, .niriClose)
        XCTAssertEqual(config.effectDefaults["fx"]?.duration, 0.25)
        XCTAssertEqual(config.effectDefaults["fx"]?.curve, .cubicBezier(CubicBezier(0.16, 1, 0.3, 1)!))
        let spring = Spring(dampingRatio: 0.8, stiffness: 600)
        XCTAssertEqual(config.effectDefaults["fx-close"]?.curve, .spring(spring))
        XCTAssertEqual(config.effectDefaults["fx-close"]?.duration, spring.settleDuration)
        var random = SeededGenerator(seed: 1)
        XCTAssertEqual(config.resolve(event: .open, from: nil, to: WindowInfo(appID: "foot", title: "~"), random: &random).settings?.duration, 0.25)
    }

    func testANiriConfigThatIsNotKDLOrWhoseShaderIsWrongIsReportedInItsOwnFile() throws {
        let file = folder.appendingPathComponent("niri.kdl")
        try "animations {\n    window-open {\n        duration-ms 250 bad\n    }\n}\n".write(to: file, atomically: true, encoding: .utf8)
        XCTAssertEqual(try problems("[effects.fx]\nniri = \"niri.kdl\""),
                       ["\(file.path):3:25: not KDL: 'bad' is not a value: a string is quoted (\"bad\")"])
        try "animations {\n    window-open {\n        custom-shader r\"\n            vec4 resize_color(vec3 c, vec3 s) { return vec4(1.0); }\n        \"\n    }\n}\n"
            .write(to: file, atomically: true, encoding: .utf8)
        XCTAssertEqual(try problems("[effects.fx]\nniri = \"niri.kdl\""),
                       ["\(file.path):3:9: window-open's custom-shader must define open_color"])
        try "binds { Mod+T { spawn \"foot\"; } }\n".write(to: file, atomically: true, encoding: .utf8)
        XCTAssertEqual(try problems("[effects.fx]\nniri = \"niri.kdl\""),
                       ["2:8: niri.kdl has no animations { window-open { custom-shader … } } nor window-close or window-resize one to play"])
        XCTAssertEqual(try problems("[effects.fx]\nniri = \"niri.kdl\"\nshader = \"shaders/wipe.glsl\""),
                       ["1:10: [effects.fx] takes shader = \"FILE.glsl\" or niri = \"FILE.kdl\", not both"])
    }

    func testAShaderWithABadDefaultQuotesItsOwnLine() throws {
        try "uniform float x;\nuniform float y; // = abc\nvec4 transition(vec2 uv) { return vec4(0.0); }"
            .write(to: folder.appendingPathComponent("bad.glsl"), atomically: true, encoding: .utf8)
        XCTAssertEqual(try problems("[effects.bad]\nshader = \"bad.glsl\""), [
            "2:10: shader \"bad.glsl\" cannot be used: \(folder.path)/bad.glsl:2:23: 'abc' is not a valid float default",
        ])
    }

    func testCompileErrorsStayOnTheShadersOwnLines() throws {
        let shader = folder.appendingPathComponent("shaders/wipe.glsl").path
        XCTAssertEqual(try problems("[effects.wipe]\nshader = \"shaders/wipe.glsl\"", checkShader: { _ in
            ["\(shader):3:40: error: 'foo' : undeclared identifier", "out of registers"]
        }), [
            "2:10: effect 'wipe': out of registers",
            "\(shader):3:40: error: 'foo' : undeclared identifier",
        ])
    }

    /// An image parameter names a PNG relative to the config; a missing,
    /// unreadable or non-PNG file is reported at its value.
    func testImageParametersAreFilesRelativeToTheConfigCheckedWhereTheyAreWritten() throws {
        try "uniform sampler2D luma;\nvec4 transition(vec2 uv) { return texture2D(luma, uv); }"
            .write(to: folder.appendingPathComponent("shaders/luma.glsl"), atomically: true, encoding: .utf8)
        try PNG.write(RGBAImage(width: 4, height: 2, fill: .white), to: folder.appendingPathComponent("shaders/map.png").path)
        try "not a picture".write(to: folder.appendingPathComponent("notes.png"), atomically: true, encoding: .utf8)
        let config = try load("[effects.luma]\nshader = \"shaders/luma.glsl\"\nluma = \"shaders/map.png\"").get()
        XCTAssertEqual(config.settings(effect: "luma")?.value("luma"),
                       ParameterValue(image: folder.appendingPathComponent("shaders/map.png").path))
        let problems = try problems("""
            [effects.luma]
            shader = "shaders/luma.glsl"
            luma = "missing.png"
            [transitions.open]
            effect = "luma"
            luma = "notes.png"
            """)
        XCTAssertEqual(problems.count, 2, "\(problems)")
        XCTAssertTrue(problems[0].hasPrefix("3:8: image \"missing.png\" cannot be used: cannot read '\(folder.path)/missing.png'"), problems[0])
        XCTAssertTrue(problems[1].hasPrefix("6:8: image \"notes.png\" cannot be used: cannot read '\(folder.path)/notes.png'"), problems[1])
    }

    func testUserEffectParametersAreChecked() throws {
        XCTAssertEqual(try problems("[effects.wipe]\nshader = \"shaders/wipe.glsl\"\nedeg = 0.5\n[transitions.open]\neffect = \"wipe\"\nedge = 2"), [
            "3:1: unknown key 'edeg' in [effects.wipe]; did you mean 'edge'?",
            "6:8: parameter 'edge' = 2 is outside 0.0...1.0",
        ])
    }

    func testNamesOfBuiltInsAndKeywordsAreRefused() throws {
        XCTAssertEqual(try problems("[effects.slide]\nshader = \"shaders/wipe.glsl\"\n[effects.none]\nshader = \"shaders/wipe.glsl\""), [
            "1:10: effect name 'slide' is taken by a built-in effect; choose another",
            "3:10: effect name 'none' is reserved: effect = \"none\" has its own meaning; choose another",
        ])
        XCTAssertEqual(try problems("[effects.mine]\nduration = \"1s\""), [
            "1:10: [effects.mine] needs shader = \"FILE.glsl\", a gl-transitions, niri open or close, or Burn-My-Windows shader relative to this config",
        ])
    }
}
