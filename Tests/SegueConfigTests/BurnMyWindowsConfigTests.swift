import Foundation
import SegueConfig
import SegueEngine
import SegueImaging
import SegueTestSupport
import XCTest

/// `[effects.NAME] shader = "…/NICK.frag"`, a Burn-My-Windows effect: what
/// its JavaScript would give it comes from Segue's table by the file's name
/// (defaults, seeds, room, time), its images from the checkout
/// `burn-my-windows` names; what Segue does not know starts neutral with a
/// note; the config's own keys win. The shaders are this test's, named as
/// the published ones are.
final class BurnMyWindowsConfigTests: XCTestCase {
    private var folder: URL!
    private var configPath: String { folder.appendingPathComponent("config.toml").path }

    override func setUpWithError() throws {
        folder = try ConfigFixture.temporaryFolder()
        let effects = folder.appendingPathComponent("effects")
        try FileManager.default.createDirectory(at: effects, withIntermediateDirectories: true)
        try "uniform vec3 uColor;\nvoid main() { setOutputColor(vec4(uColor, getInputColor(iTexCoord).a)); }\n"
            .write(to: effects.appendingPathComponent("tv.frag"), atomically: true, encoding: .utf8)
        try """
            uniform sampler2D uShardTexture;
            uniform vec2 uSeed;
            uniform float uShardScale;
            uniform vec2 uEpicenter;
            void main() { setOutputColor(texture2D(uShardTexture, iTexCoord + uSeed + uEpicenter) * uShardScale); }

            """.write(to: effects.appendingPathComponent("broken-glass.frag"), atomically: true, encoding: .utf8)
        try "uniform float uGlow;\nuniform vec3 uTint;\nvoid main() { setOutputColor(vec4(uTint, uGlow)); }\n"
            .write(to: effects.appendingPathComponent("sparkle.frag"), atomically: true, encoding: .utf8)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    private func load(_ text: String) -> Result<SegueConfig, ConfigErrors> { ConfigFixture.parse(text, path: configPath) }

    private func problems(_ text: String) -> [String] { ConfigFixture.problems(text, path: configPath) }

    private func notes(_ config: SegueConfig) -> [String] {
        config.notes.map { "\($0.line):" + ($0.column.map { "\($0):" } ?? "") + " \($0.message)" }
    }

    /// A checkout holding `images` in resources/img and the schemas' texts by file.
    private func checkout(_ images: [String], schemas: [String: String] = [BurnMyWindowsSchema.files[0]: "<schemalist/>"]) throws -> URL {
        let root = folder.appendingPathComponent("Burn-My-Windows")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("resources/img"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: root.appendingPathComponent("schemas"), withIntermediateDirectories: true)
        for (file, text) in schemas { try text.write(to: root.appendingPathComponent(file), atomically: true, encoding: .utf8) }
        for image in images {
            try PNG.write(RGBAImage(width: 4, height: 4, fill: .white), to: root.appendingPathComponent("resources/img/" + image).path)
        }
        return root
    }

    func testAPublishedEffectTakesItsSettingsDefaultsAndTimeFromTheTable() throws {
        let config = try load("[effects.tv]\nshader = \"effects/tv.frag\"").get()
        let effect = try XCTUnwrap(config.effects["tv"])
        XCTAssertEqual(effect.source.interface, .burnMyWindows)
        let tv = try XCTUnwrap(BurnMyWindowsEffect.published.first { $0.nick == "tv" })
        guard case .setting(_, let color)? = tv.uniforms["uColor"] else { return XCTFail("the table has tv's colour") }
        let settings = try XCTUnwrap(config.settings(effect: "tv"))
        XCTAssertEqual(settings.values["uColor"], ParameterValue(.vec3, Array(color.prefix(3))))
        XCTAssertEqual(settings.duration, tv.duration)
        XCTAssertEqual(settings.curve, .linear, "its shader eases progress itself")
        XCTAssertEqual(notes(config), [])
    }

    func testTheConfigsOwnKeysWinOverTheTable() throws {
        let config = try load("[effects.tv]\nshader = \"effects/tv.frag\"\nuColor = [0.25, 0.5, 1]\nduration = \"300ms\"\neasing = \"ease-out\"").get()
        let settings = try XCTUnwrap(config.settings(effect: "tv"))
        XCTAssertEqual(settings.values["uColor"], ParameterValue(.vec3, [0.25, 0.5, 1]))
        XCTAssertEqual(settings.duration, 0.3)
        XCTAssertEqual(settings.curve, .easeOut)
    }

    func testSeedsAreDrawnAtEachPlayRoomIsGivenAndAPointerIsTheMiddle() throws {
        let config = try load("[effects.glass]\nshader = \"effects/broken-glass.frag\"").get()
        let effect = try XCTUnwrap(config.effects["glass"])
        XCTAssertEqual(effect.seeded, ["uSeed"])
        XCTAssertEqual(effect.room.x, 2)
        XCTAssertEqual(effect.room.y, 2)
        let settings = try XCTUnwrap(config.settings(effect: "glass"))
        XCTAssertEqual(settings.values["uEpicenter"], ParameterValue(.vec2, [0.5, 0.5]), "the pointer's place, neutral: the middle")
        XCTAssertEqual(notes(config), [
            "2:10: uShardTexture (shards.png) reads Burn-My-Windows' images: set burn-my-windows = \"/path/to/Burn-My-Windows\" "
                + "at the top of the config, or the images here; a neutral ramp until then",
        ])
    }

    func testDoomsRoomReachesTheOutputAndItsShaderIsToldItsHeight() throws {
        try "uniform float uActorScale;\nuniform float uPixelSize;\nvoid main() { setOutputColor(vec4(uActorScale * uPixelSize)); }\n"
            .write(to: folder.appendingPathComponent("effects/doom.frag"), atomically: true, encoding: .utf8)
        let config = try load("[effects.melt]\nshader = \"effects/doom.frag\"").get()
        let effect = try XCTUnwrap(config.effects["melt"])
        XCTAssertTrue(effect.roomReachesOutput)
        XCTAssertEqual(effect.roomUniform, "uActorScale")
        XCTAssertEqual(effect.room(windowHeight: 270, outputHeight: 1080).y, 8, "BMW's 2 × max(1, screen ÷ window)")
        XCTAssertEqual(effect.room(windowHeight: 1080, outputHeight: 1080).y, 2)
        XCTAssertEqual(notes(config), [])
    }

    func testACheckoutGivesTheEffectsItsImages() throws {
        let root = try checkout(["shards.png"])
        let config = try load("burn-my-windows = \"Burn-My-Windows\"\n[effects.glass]\nshader = \"effects/broken-glass.frag\"").get()
        XCTAssertEqual(config.burnMyWindows, root.path)
        let settings = try XCTUnwrap(config.settings(effect: "glass"))
        XCTAssertEqual(settings.values["uShardTexture"], ParameterValue(image: root.appendingPathComponent("resources/img/shards.png").path))
        XCTAssertEqual(notes(config), [])
    }

    /// A profile schema's keys as Burn-My-Windows writes them.
    private func schema(_ keys: [(name: String, type: String, value: String)]) -> String {
        let body = keys.map { key in
            "    <key name=\"\(key.name)\" type=\"\(key.type)\">\n      <default>\(key.value)</default>\n      <summary>S</summary>\n    </key>\n"
        }
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<schemalist>\n  <schema id=\"org.gnome.shell.extensions.burn-my-windows-profile\">\n"
            + body.joined() + "  </schema>\n</schemalist>\n"
    }

    func testACheckoutsSchemaGivesItsEffectsSettingsDefaultsAndTimeOverTheTables() throws {
        _ = try checkout(["shards.png"], schemas: [
            BurnMyWindowsSchema.files[0]: schema([("tv-enable-effect", "b", "false"), ("tv-animation-time", "i", "250"),
                                                  ("tv-effect-color", "s", "\"rgba(255, 0, 51, 0.5)\""),
                                                  ("broken-glass-scale", "d", "2.5")]),
            // An older version's keys, where the profile schema has none of its own.
            BurnMyWindowsSchema.files[1]: schema([("tv-effect-color", "s", "\"rgb(0, 0, 0)\""), ("broken-glass-blow-force", "d", "0.75")]),
        ])
        let config = try load("burn-my-windows = \"Burn-My-Windows\"\n[effects.tv]\nshader = \"effects/tv.frag\"\n"
                              + "[effects.glass]\nshader = \"effects/broken-glass.frag\"\nuShardScale = 4").get()
        let tv = try XCTUnwrap(config.settings(effect: "tv"))
        XCTAssertEqual(tv.values["uColor"], ParameterValue(.vec3, [1, 0, 0.2]), "the profile schema's colour")
        XCTAssertEqual(tv.duration, 0.25)
        let glass = try XCTUnwrap(config.settings(effect: "glass"))
        XCTAssertEqual(glass.values["uShardScale"], .float(4), "the config's own keys still win")
        XCTAssertEqual(config.burnMyWindowsSchema?.defaults["broken-glass-blow-force"], [0.75])
        XCTAssertEqual(notes(config), [])
    }

    /// Another version's uniforms, and an effect newer than the table,
    /// take the settings the extension names after them (uEdgeSize:
    /// NICK-edge-size) from the schema.
    func testUniformsTheTableLacksTakeTheSchemasSettingNamedAfterThem() throws {
        try "uniform float uColorSpeed;\nuniform bool u3DNoise;\nuniform float uOther;\nvoid main() { setOutputColor(vec4(uColorSpeed)); }\n"
            .write(to: folder.appendingPathComponent("effects/tv.frag"), atomically: true, encoding: .utf8)
        _ = try checkout([], schemas: [BurnMyWindowsSchema.files[0]: schema([
            ("tv-color-speed", "d", "1.5"), ("tv-3d-noise", "b", "true"),
            ("sparkle-animation-time", "i", "800"), ("sparkle-glow", "d", "0.25"),
        ]).replacingOccurrences(of: "<schema ", with: "<!-- <key name=\"tv-other\" type=\"d\"><default>9</default></key> -->\n  <schema ")])
        let config = try load("burn-my-windows = \"Burn-My-Windows\"\n[effects.tv]\nshader = \"effects/tv.frag\"\n"
                              + "[effects.sparkle]\nshader = \"effects/sparkle.frag\"").get()
        let tv = try XCTUnwrap(config.settings(effect: "tv"))
        XCTAssertEqual(tv.values["uColorSpeed"], .float(1.5))
        XCTAssertEqual(tv.values["u3DNoise"], ParameterValue(.bool, [1]))
        XCTAssertEqual(tv.values["uOther"], .float(0), "a key in a comment is no key")
        let sparkle = try XCTUnwrap(config.settings(effect: "sparkle"))
        XCTAssertEqual(sparkle.duration, 0.8)
        XCTAssertEqual(sparkle.values["uGlow"], .float(0.25))
        XCTAssertEqual(Set(notes(config)), [
            "3:10: Segue's table of Burn-My-Windows' 'tv' has no uOther: it starts at 0; set them in [effects.tv]",
            "5:10: Segue's table has no Burn-My-Windows effect 'sparkle': its time and settings come from the checkout's schema, "
                + "and it draws within the window; uTint starts at 0 (images at a neutral ramp): set them in [effects.sparkle]",
        ])
    }

    func testASchemaThatIsNotXMLIsNotedAtItsLineAndTheTablesDefaultsStand() throws {
        let root = try checkout([], schemas: [BurnMyWindowsSchema.files[0]: "<schemalist>\n  <key name=\"tv-animation-time\" type=\"i\">\n</schemalist>\n"])
        let config = try load("burn-my-windows = \"Burn-My-Windows\"\n[effects.tv]\nshader = \"effects/tv.frag\"").get()
        let found = notes(config)
        XCTAssertEqual(found.count, 1)
        let file = root.appendingPathComponent(BurnMyWindowsSchema.files[0]).path
        XCTAssertTrue(found[0].hasPrefix("1:19: \(file):3:14: is not XML: Opening and ending tag mismatch: key line 2 and schemalist"),
                      "its first error, where it is: \(found)")
        XCTAssertTrue(found[0].hasSuffix("; its effects start with Segue's table's defaults"), "\(found)")
        let tv = try XCTUnwrap(BurnMyWindowsEffect.published.first { $0.nick == "tv" })
        XCTAssertEqual(config.settings(effect: "tv")?.duration, tv.duration)
    }

    func testACheckoutWithoutASchemaOrWithAColourSegueCannotReadIsNoted() throws {
        _ = try checkout([], schemas: [:])
        XCTAssertEqual(notes(try load("burn-my-windows = \"Burn-My-Windows\"").get()), [
            "1:19: \"Burn-My-Windows\" has no GSettings schema (\(BurnMyWindowsSchema.files[0])): its effects start with Segue's table's defaults",
        ])
        _ = try checkout([], schemas: [BurnMyWindowsSchema.files[0]: schema([("tv-effect-color", "s", "\"hsl(0, 100%, 50%)\"")])])
        XCTAssertEqual(notes(try load("burn-my-windows = \"Burn-My-Windows\"").get()), [
            "1:19: Segue cannot read tv-effect-color in its schema as colours: those start with Segue's table's defaults",
        ])
    }

    func testAnImageTheCheckoutLacksIsAProblemAtTheShader() throws {
        _ = try checkout([])
        XCTAssertEqual(problems("burn-my-windows = \"Burn-My-Windows\"\n[effects.glass]\nshader = \"effects/broken-glass.frag\""), [
            "3:10: Burn-My-Windows' shards.png, which uShardTexture reads, is not in \(folder.path)/Burn-My-Windows/resources/img",
        ])
    }

    func testAFolderThatIsNoCheckoutIsRefusedAtItsValue() throws {
        XCTAssertEqual(problems("burn-my-windows = \"effects\""), [
            "1:19: \"effects\" is not a Burn-My-Windows checkout: it has no resources/img folder",
        ])
    }

    func testAnEffectSegueDoesNotKnowStartsNeutralWithANoteNamingItsUniforms() throws {
        let config = try load("[effects.sparkle]\nshader = \"effects/sparkle.frag\"\nuTint = [1, 0, 0]").get()
        XCTAssertEqual(notes(config), [
            "2:10: Segue knows no Burn-My-Windows effect 'sparkle': uGlow starts at 0 (images at a neutral ramp); set them in [effects.sparkle]",
        ])
        let settings = try XCTUnwrap(config.settings(effect: "sparkle"))
        XCTAssertEqual(settings.values["uGlow"], .float(0))
        XCTAssertEqual(settings.curve, .linear)
    }

    func testAUniformOfATypeSegueCannotSetIsRefusedAtItsPlaceInTheFile() throws {
        let file = folder.appendingPathComponent("effects/odd.frag")
        try "\nuniform mat4 uMatrix;\nvoid main() { setOutputColor(vec4(1.0)); }\n".write(to: file, atomically: true, encoding: .utf8)
        let found = problems("[effects.odd]\nshader = \"effects/odd.frag\"")
        XCTAssertEqual(found.count, 1)
        XCTAssertTrue(found[0].contains("\(file.path):2:9: unsupported uniform type 'mat4'"), "\(found)")
    }
}
