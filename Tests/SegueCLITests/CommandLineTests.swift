import Foundation
import SegueImaging
import SegueTestSupport
import XCTest

/// The `segue` commands end to end: what they write, and how they refuse bad input.
final class CommandLineTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = try temporaryFolder()
        if ProcessInfo.processInfo.environment["SEGUE_REQUIRE_EGL"] != "1" {
            // The preview tests need EGL; say so instead of failing where it is missing.
            let probe = try SegueCommand.run(["bench", "--size", "16x16", "--frames", "3"])
            if probe.status != 0 && probe.stderr.contains("EGL") {
                throw XCTSkip("EGL/GLES 3 unavailable on this machine: \(probe.stderr)")
            }
        }
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    func testEffectsJsonListsEveryEffectWithParametersAndDefaults() throws {
        let result = try SegueCommand.run(["effects", "--json"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let list = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        XCTAssertEqual(list.compactMap { $0["name"] as? String },
                       ["circle-reveal", "crossfade", "doom-melt", "lamp", "rotate", "slide", "zoom-from-rect"])
        let melt = try XCTUnwrap(list.first { $0["name"] as? String == "doom-melt" })
        XCTAssertEqual(melt["duration_ms"] as? Int, 2000)
        XCTAssertEqual(melt["format"] as? String, "gl-transitions")
        XCTAssertEqual(melt["origin"] as? String, "builtin")
        let params = try XCTUnwrap(melt["parameters"] as? [[String: Any]])
        let width = try XCTUnwrap(params.first { $0["name"] as? String == "column-width" })
        XCTAssertEqual(width["default"] as? Double, 2)
        XCTAssertEqual(width["type"] as? String, "float")
    }

    func testEffectsWithASizeSayWhichFormEachIsDrawnInHereAndWhatEachCost() throws {
        let result = try SegueCommand.run(["effects", "--json", "--size", "64x36"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let list = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        XCTAssertEqual(list.count, 7)
        for effect in list {
            let layers = try XCTUnwrap(effect["layers_ms"] as? Double, "\(effect)"), shader = try XCTUnwrap(effect["shader_ms"] as? Double)
            XCTAssertEqual(effect["form"] as? String, shader < layers ? "shader" : "layers", "the faster: \(effect)")
        }
        let text = try SegueCommand.run(["effects", "--size", "64x36"])
        XCTAssertEqual(text.stdout.split(separator: "\n").filter { $0.contains("at 64x36 here (layers ") }.count, 7, text.stdout)
    }

    /// The effects a config defines are listed and played by name, as the compositor plays them.
    func testEffectsAndPreviewSeeTheEffectsAConfigDefines() throws {
        try "vec4 transition(vec2 uv) { return mix(getFromColor(uv), getToColor(uv), progress); } // a fade"
            .write(to: folder.appendingPathComponent("fade.glsl"), atomically: true, encoding: .utf8)
        let config = folder.appendingPathComponent("config.toml").path
        try "[effects.fade]\nshader = \"fade.glsl\"\n".write(toFile: config, atomically: true, encoding: .utf8)
        let listed = try SegueCommand.run(["effects", "--config", config])
        XCTAssertEqual(listed.status, 0, listed.stderr)
        XCTAssertTrue(listed.stdout.split(separator: "\n").contains { $0.hasPrefix("fade") }, listed.stdout)
        let out = folder.appendingPathComponent("fade-out").path
        let played = try SegueCommand.run(["preview", "fade", "--config", config, "--out", out, "--frames", "2", "--size", "32x32"])
        XCTAssertEqual(played.status, 0, played.stderr)
        XCTAssertEqual(try PNG.read(path: out + "/frame-001.png"), TestScreens.second(width: 32, height: 32))

        try "[effects.fade]\nshader = \"missing.glsl\"\n".write(toFile: config, atomically: true, encoding: .utf8)
        let broken = try SegueCommand.run(["effects", "--config", config])
        XCTAssertNotEqual(broken.status, 0)
        XCTAssertTrue(broken.stderr.contains("config.toml:2:10: shader \"missing.glsl\" cannot be used"), broken.stderr)
    }

    /// A niri open shader is listed with its format, and previewed as a
    /// window (the second test screen at three fifths of the size, in the
    /// middle) opening over the first as its desktop: wiped in from the left.
    func testANiriShaderIsListedWithItsFormatAndPreviewed() throws {
        let shader = folder.appendingPathComponent("appear.glsl")
        try "vec4 open_color(vec3 coords_geo, vec3 size_geo) {\n    vec4 color = texture2D(niri_tex, (niri_geo_to_tex * coords_geo).st);\n"
            .appending("    return coords_geo.x <= niri_clamped_progress ? color : vec4(0.0);\n}\n")
            .write(to: shader, atomically: true, encoding: .utf8)
        let config = folder.appendingPathComponent("config.toml").path
        try "[effects.appear]\nshader = \"appear.glsl\"\n".write(toFile: config, atomically: true, encoding: .utf8)
        let listed = try SegueCommand.run(["effects", "--config", config])
        XCTAssertEqual(listed.status, 0, listed.stderr)
        XCTAssertTrue(listed.stdout.contains("    niri open, from \(shader.path)"), listed.stdout)
        XCTAssertTrue(listed.stdout.contains("    gl-transitions, built in"), listed.stdout)
        let out = folder.appendingPathComponent("appear-out").path
        let played = try SegueCommand.run(["preview", "appear", "--config", config, "--out", out, "--frames", "3", "--size", "100x100"])
        XCTAssertEqual(played.status, 0, played.stderr)
        let desktop = TestScreens.first(width: 100, height: 100), window = TestScreens.second(width: 100, height: 100)
        let first = try PNG.read(path: out + "/frame-000.png"), middle = try PNG.read(path: out + "/frame-001.png")
        let last = try PNG.read(path: out + "/frame-002.png")
        XCTAssertEqual(first, desktop, "no window first")
        // The window is (20, 20) to (79, 79): its top-left corner marker there, its top-right one at the other end.
        XCTAssertEqual(last[21, 21], window[2, 2], "the window whole at the end, its top-left marker at its top left")
        XCTAssertEqual(last[78, 21], window[97, 2])
        XCTAssertEqual(last[5, 5], desktop[5, 5], "the desktop around it")
        XCTAssertEqual(middle[21, 21], window[2, 2], "its left half shows mid-way, its top-left corner first")
        XCTAssertEqual(middle[78, 21], desktop[78, 21], "its right half not yet")
    }

    /// A Burn-My-Windows effect file given to preview as --shader plays with
    /// its table's facts (tv: its colour, no note), opening and, reversed,
    /// closing over the desktop; one Segue does not know gets a note.
    func testABurnMyWindowsShaderIsListedWithItsFormatAndPreviewedBothWays() throws {
        let shader = folder.appendingPathComponent("tv.frag"), unknown = folder.appendingPathComponent("glow.frag")
        let text = "uniform vec3 uColor;\nvoid main() {\n    vec4 c = getInputColor(iTexCoord);\n"
            + "    c.a *= step(iTexCoord.x, uForOpening ? uProgress : 1.0 - uProgress);\n    setOutputColor(c);\n}\n"
        try text.write(to: shader, atomically: true, encoding: .utf8)
        try text.write(to: unknown, atomically: true, encoding: .utf8)
        let config = folder.appendingPathComponent("config.toml").path
        try "[effects.tv]\nshader = \"tv.frag\"\n".write(toFile: config, atomically: true, encoding: .utf8)
        let listed = try SegueCommand.run(["effects", "--config", config])
        XCTAssertEqual(listed.status, 0, listed.stderr)
        XCTAssertTrue(listed.stdout.contains("    burn-my-windows, from \(shader.path)"), listed.stdout)
        let desktop = TestScreens.first(width: 100, height: 100), window = TestScreens.second(width: 100, height: 100)
        for reverse in [false, true] {
            let out = folder.appendingPathComponent("tv-\(reverse)").path
            let played = try SegueCommand.run(["preview", "--shader", shader.path, "--out", out, "--frames", "3", "--size", "100x100"]
                                              + (reverse ? ["--reverse"] : []))
            XCTAssertEqual(played.status, 0, played.stderr)
            XCTAssertEqual(played.stderr, "", "tv is in Segue's table")
            let first = try PNG.read(path: out + "/frame-000.png"), last = try PNG.read(path: out + "/frame-002.png")
            XCTAssertEqual(reverse ? last : first, desktop, "no window where it has not come or has gone")
            let whole = reverse ? first : last
            XCTAssertEqual(whole[21, 21], window[2, 2], "the window whole, its top-left marker at its top left")
            XCTAssertEqual(whole[78, 78], window[97, 97])
        }
        let played = try SegueCommand.run(["preview", "--shader", unknown.path, "--out", folder.appendingPathComponent("glow").path,
                                           "--frames", "2", "--size", "32x32"])
        XCTAssertEqual(played.status, 0, played.stderr)
        XCTAssertEqual(played.stderr, "note: Segue knows no Burn-My-Windows effect 'glow': uColor starts at 0 (images at a neutral ramp); set them in --param\n")
    }

    /// The example niri config's two animations are two effects, each previewed
    /// from its first frame to its last: the open ends on the window whole
    /// over the desktop, the close on the desktop alone.
    func testTheExampleNiriConfigsOpenAndCloseArePlayedAndListed() throws {
        let config = folder.appendingPathComponent("config.toml").path
        try "[effects.fx]\nniri = \"\(SourceTree.url("examples/niri/animations.kdl").path)\"\n".write(toFile: config, atomically: true, encoding: .utf8)
        let listed = try SegueCommand.run(["effects", "--config", config, "--json"])
        XCTAssertEqual(listed.status, 0, listed.stderr)
        let list = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]])
        let formats = Dictionary(uniqueKeysWithValues: list.compactMap { e in (e["name"] as? String).map { ($0, e["format"] as? String ?? "") } })
        XCTAssertEqual(formats["fx"], "niri open")
        XCTAssertEqual(formats["fx-close"], "niri close")
        XCTAssertEqual(list.first { $0["name"] as? String == "fx" }?["duration_ms"] as? Int, 300, "as it plays: the block's 300 ms, not the shader's own 350")
        let desktop = TestScreens.first(width: 100, height: 100), window = TestScreens.second(width: 100, height: 100)
        for effect in ["fx", "fx-close"] {
            let out = folder.appendingPathComponent(effect).path
            let played = try SegueCommand.run(["preview", effect, "--config", config, "--out", out, "--frames", "3", "--size", "100x100"])
            XCTAssertEqual(played.status, 0, played.stderr)
            let last = try PNG.read(path: out + "/frame-002.png")
            if effect == "fx" {
                XCTAssertEqual(last[21, 21], window[2, 2], "the window whole, its top-left marker at its top left")
                XCTAssertEqual(last[5, 5], desktop[5, 5])
            } else {
                let changed = (0..<100).flatMap { y in (0..<100).filter { last[$0, y] != desktop[$0, y] }.map { (x: $0, y: y) } }
                XCTAssertEqual(changed.count, 0, "gone; first changed at \(changed.first.map { "(\($0.x), \($0.y)): \(last[$0.x, $0.y]) not \(desktop[$0.x, $0.y])" } ?? "")")
            }
        }
    }

    func testPreviewWritesFramesAndAContactSheet() throws {
        let out = folder.appendingPathComponent("melt").path
        let result = try SegueCommand.run(["preview", "doom-melt", "--out", out, "--frames", "4", "--size", "64x36"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let files = try FileManager.default.contentsOfDirectory(atPath: out).sorted()
        XCTAssertEqual(files, [".segue-output", "contact-sheet.png", "frame-000.png", "frame-001.png", "frame-002.png", "frame-003.png"])
        XCTAssertEqual(try PNG.read(path: out + "/frame-000.png"), TestScreens.first(width: 64, height: 36))
        XCTAssertEqual(try PNG.read(path: out + "/frame-003.png"), TestScreens.second(width: 64, height: 36))
        let sheet = try PNG.read(path: out + "/contact-sheet.png")
        XCTAssertGreaterThan(sheet.width, 64)
    }

    func testPreviewPlaysAUserShaderFromPNGScreensInReverse() throws {
        let shader = folder.appendingPathComponent("wipe.glsl").path
        try """
            uniform float edge; // = 0.0
            vec4 transition(vec2 uv) { return uv.x < progress + edge ? getToColor(uv) : getFromColor(uv); }
            """.write(toFile: shader, atomically: true, encoding: .utf8)
        let a = folder.appendingPathComponent("a.png").path, b = folder.appendingPathComponent("b.png").path
        try PNG.write(RGBAImage(width: 32, height: 16, fill: RGBA(255, 0, 0)), to: a)
        try PNG.write(RGBAImage(width: 32, height: 16, fill: RGBA(0, 0, 255)), to: b)
        let out = folder.appendingPathComponent("wipe").path
        let result = try SegueCommand.run(["preview", "--shader", shader, "--from", a, "--to", b, "--reverse",
                                           "--frames", "3", "--out", out, "--duration", "1s", "--easing", "linear"])
        XCTAssertEqual(result.status, 0, result.stderr)
        // Reverse at the mid frame: `to` (blue) uncovered from the right half.
        let mid = try PNG.read(path: out + "/frame-001.png")
        XCTAssertEqual(mid[2, 8], RGBA(255, 0, 0))
        XCTAssertEqual(mid[29, 8], RGBA(0, 0, 255))
    }

    /// Each bad input: one line on stderr, a non-zero exit, no output folder.
    func testBadInputGivesOneClearLineAndNoOutput() throws {
        let missingPNG = folder.appendingPathComponent("missing.png").path
        let notPNG = folder.appendingPathComponent("not.png").path
        try "hello".write(toFile: notPNG, atomically: true, encoding: .utf8)
        let binaryShader = folder.appendingPathComponent("binary.glsl").path
        try Data([0, 1, 2, 0xFF, 0]).write(to: URL(fileURLWithPath: binaryShader))
        let cases: [(args: [String], says: String)] = [
            (["preview", "doom-mlt"], "did you mean 'doom-melt'"),
            (["preview", "slide", "--param", "speed=2"], "has no parameter 'speed'"),
            (["preview", "doom-melt", "--param", "column-width=wide"], "takes a float"),
            (["preview", "doom-melt", "--param", "column-width=0"], "outside"),
            (["preview", "slide", "--size", "0x0"], "size 0x0 is not WIDTHxHEIGHT with 16...8192 pixels a side"),
            (["preview", "slide", "--size", "100000x100"], "size 100000x100 is not WIDTHxHEIGHT with 16...8192"),
            (["preview", "slide", "--size", "-5x10"], "size -5x10 is not WIDTHxHEIGHT with 16...8192"),
            (["preview", "slide", "--size", "1920x1080x"], "size 1920x1080x is not WIDTHxHEIGHT with 16...8192"),
            (["preview", "slide", "--duration=-1s"], "duration"),
            (["preview", "slide", "--easing", "bouncy"], "bouncy"),
            (["preview", "slide", "--from", missingPNG, "--to", missingPNG], "missing.png"),
            (["preview", "slide", "--from", notPNG, "--to", notPNG], "not.png"),
            (["preview", "--shader", folder.appendingPathComponent("none.glsl").path], "none.glsl"),
            (["preview", "--shader", binaryShader], "not a text file"),
            (["preview", "slide", "--frames", "0"], "--frames"),
        ]
        for (i, c) in cases.enumerated() {
            let out = folder.appendingPathComponent("out\(i)").path
            let result = try SegueCommand.run(c.args + ["--out", out])
            XCTAssertNotEqual(result.status, 0, "\(c.args)")
            XCTAssertEqual(result.stderrLines.count, 1, "\(c.args): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains(c.says), "\(c.args): \(result.stderr)")
            XCTAssertFalse(FileManager.default.fileExists(atPath: out), "\(c.args) left \(out)")
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix(".") }, [],
                       "no staging folders left behind")
    }

    func testRunRefusesAScaleOutsideOneToFourInOneLine() throws {
        for scale in ["0", "5"] {
            let result = try SegueCommand.run(["run", "--backend", "headless", "--scale", scale])
            XCTAssertNotEqual(result.status, 0)
            XCTAssertEqual(result.stderrLines, ["Error: --scale must be in 1...4, not \(scale)"], result.stderr)
        }
    }

    func testABrokenShaderIsReportedAtItsLineAndWritesNothing() throws {
        let shader = folder.appendingPathComponent("broken.glsl").path
        try "// a comment\nvec4 transition(vec2 uv) {\n  return getToColor(uv) +;\n}\n"
            .write(toFile: shader, atomically: true, encoding: .utf8)
        let out = folder.appendingPathComponent("broken").path
        let result = try SegueCommand.run(["preview", "--shader", shader, "--out", out])
        XCTAssertNotEqual(result.status, 0)
        XCTAssertTrue(result.stderr.contains("effect 'broken'"), result.stderr)
        XCTAssertTrue(result.stderr.contains("broken.glsl:3"), result.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: out))
    }

    func testPreviewRefusesToOverwriteAFolderItDidNotWrite() throws {
        let out = folder.appendingPathComponent("mine")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        try "keep".write(to: out.appendingPathComponent("notes.txt"), atomically: true, encoding: .utf8)
        let result = try SegueCommand.run(["preview", "slide", "--out", out.path, "--frames", "2", "--size", "32x32"])
        XCTAssertNotEqual(result.status, 0)
        XCTAssertTrue(result.stderr.contains("holds files Segue did not write (notes.txt); refusing to replace it"), result.stderr)
        XCTAssertEqual(try String(contentsOf: out.appendingPathComponent("notes.txt"), encoding: .utf8), "keep")
    }

    /// An earlier preview's folder is replaced, unless a file of someone
    /// else's came into it since: then nothing of it is deleted.
    func testPreviewReplacesOnlyAFolderHoldingNothingButAnEarlierRunsFiles() throws {
        let out = folder.appendingPathComponent("melt")
        let first = try SegueCommand.run(["preview", "slide", "--out", out.path, "--frames", "4", "--size", "32x32"])
        XCTAssertEqual(first.status, 0, first.stderr)
        let again = try SegueCommand.run(["preview", "slide", "--out", out.path, "--frames", "2", "--size", "32x32"])
        XCTAssertEqual(again.status, 0, again.stderr)
        let names = try FileManager.default.contentsOfDirectory(atPath: out.path)
        XCTAssertEqual(Set(names), [".segue-output", "contact-sheet.png", "frame-000.png", "frame-001.png"], "the earlier run's frames went")

        try "keep".write(to: out.appendingPathComponent("notes.txt"), atomically: true, encoding: .utf8)
        let refused = try SegueCommand.run(["preview", "slide", "--out", out.path, "--frames", "2", "--size", "32x32"])
        XCTAssertNotEqual(refused.status, 0)
        XCTAssertTrue(refused.stderr.contains("(notes.txt)"), refused.stderr)
        XCTAssertEqual(Set(try FileManager.default.contentsOfDirectory(atPath: out.path)), Set(names + ["notes.txt"]))
    }

    func testCtrlCDuringAPreviewLeavesNothingBehind() throws {
        let out = folder.appendingPathComponent("slow")
        let process = Process()
        process.executableURL = SegueCommand.executable
        process.arguments = ["preview", "doom-melt", "--out", out.path, "--frames", "240", "--size", "1920x1080"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Interrupted once its first frame is written: well into the run.
        let deadline = Date().addingTimeInterval(20)
        let partial = folder.appendingPathComponent(".slow.partial-\(process.processIdentifier)").path
        while process.isRunning, Date() < deadline, (try? FileManager.default.contentsOfDirectory(atPath: partial))?.isEmpty ?? true {
            usleep(10_000)
        }
        XCTAssertTrue(process.isRunning, "still writing when interrupted")
        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 128 + SIGINT)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), [])
    }

    func testAnOutputFolderThatCannotBeMadeIsOneLineNamingItAndWhy() throws {
        for arguments in [["demo", "--out", "/proc/segue-demo"], ["preview", "slide", "--out", "/proc/segue-preview"]] {
            let result = try SegueCommand.run(arguments)
            XCTAssertNotEqual(result.status, 0)
            XCTAssertEqual(result.stderrLines, ["Error: cannot write \(arguments[arguments.count - 1]): No such file or directory"],
                           "\(arguments): \(result.stderr)")
        }
    }

    /// A person's own effect, from a gl-transitions file or a config's
    /// [effects.NAME], is measured against the same reference rows.
    func testBenchMeasuresAUsersOwnShaderOrTheEffectsAConfigDefines() throws {
        let shader = folder.appendingPathComponent("wipe.glsl")
        try "uniform float softness; // = 0.1\nvec4 transition(vec2 uv) {\n  return mix(getFromColor(uv), getToColor(uv), smoothstep(progress - softness, progress + softness, uv.x));\n}\n"
            .write(to: shader, atomically: true, encoding: .utf8)
        let config = folder.appendingPathComponent("config.toml")
        try "[effects.soft-wipe]\nshader = \"wipe.glsl\"\nsoftness = 0.3\n".write(to: config, atomically: true, encoding: .utf8)
        for (arguments, name) in [(["--shader", shader.path], "wipe"), (["--config", config.path], "soft-wipe")] {
            let result = try SegueCommand.run(["bench", "--size", "64x36", "--frames", "3", "--json"] + arguments)
            XCTAssertEqual(result.status, 0, result.stderr)
            let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
            let effects = try XCTUnwrap(object["effects"] as? [[String: Any]])
            XCTAssertEqual(Set(effects.compactMap { $0["effect"] as? String }), [name], "only the user's effect: \(effects)")
            XCTAssertEqual((object["references"] as? [[String: Any]])?.first?["effect"] as? String, "reference-copy")
        }
        let broken = folder.appendingPathComponent("broken.glsl")
        try "vec4 transition(vec2 uv) {\n  return nope;\n}\n".write(to: broken, atomically: true, encoding: .utf8)
        let refused = try SegueCommand.run(["bench", "--size", "64x36", "--frames", "3", "--shader", broken.path])
        XCTAssertNotEqual(refused.status, 0)
        XCTAssertTrue(refused.stderr.contains("\(broken.path):2:"), refused.stderr)
    }

    func testBenchPrintsReferenceRowsAndARowPerEffectFormAtHalfSizeOverTheDesktopAndInEachDesktopSceneWithRatiosAndTheFormDrawnHere() throws {
        let result = try SegueCommand.run(["bench", "--size", "64x64", "--frames", "3", "--json"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let references = try XCTUnwrap(object["references"] as? [[String: Any]])
        XCTAssertEqual(references.compactMap { $0["effect"] as? String }, ["reference-copy", "blit", "upload", "readback", "capture", "capture-rows", "composite", "turned", "stretch", "place", "blend", "switcher", "switcher-live", "desktop", "desktop-damage"])
        XCTAssertEqual(references.first?["ratio_to_copy"] as? Double, 1)
        XCTAssertEqual(references[1]["ratio_to_blit"] as? Double, 1)
        let effects = try XCTUnwrap(object["effects"] as? [[String: Any]])
        // Each built-in in both its forms, one of the two marked as what the compositor would draw here,
        // then at half size per side in the form it draws here, then in both forms over the desktop,
        // then in the form drawn here in each of a desktop's scenes.
        let names = ["circle-reveal", "crossfade", "doom-melt", "lamp", "rotate", "slide", "zoom-from-rect"]
        let scenes = ["alone", "alone", "alone", "over-desktop", "over-desktop",
                      "between-stacks", "between-desktops", "notification-during-switch", "minimize-over-desktop"]
        XCTAssertEqual(effects.compactMap { $0["effect"] as? String }, names.flatMap { Array(repeating: $0, count: scenes.count) })
        XCTAssertEqual(effects.compactMap { $0["scale"] as? Double }, names.flatMap { _ in [1, 1, 0.5, 1, 1, 1, 1, 1, 1] })
        XCTAssertEqual(effects.compactMap { $0["scene"] as? String }, names.flatMap { _ in scenes })
        XCTAssertEqual(effects.compactMap { $0["over_desktop"] as? Bool }, names.flatMap { _ in scenes.map { $0 == "over-desktop" } })
        let forms = effects.compactMap { $0["form"] as? String }
        XCTAssertEqual(forms.enumerated().filter { [0, 1, 3, 4].contains($0.offset % scenes.count) }.map(\.element),
                       names.flatMap { _ in ["layers", "shader", "layers", "shader"] })
        for name in names {
            let rows = effects.filter { $0["effect"] as? String == name }
            XCTAssertEqual(rows[2]["drawn"] as? Bool, false, "a half-size row is not what is drawn at full size")
            for row in rows[3...] {
                XCTAssertEqual(row["drawn"] as? Bool, false, "nor are the rows of scenes: \(row)")
            }
            let pair = Array(rows.prefix(2))
            XCTAssertEqual(pair.filter { $0["drawn"] as? Bool == true }.count, 1, "\(pair)")
            let drawn = try XCTUnwrap(pair.first { $0["drawn"] as? Bool == true }?["median_ms"] as? Double)
            XCTAssertEqual(drawn, pair.compactMap { $0["median_ms"] as? Double }.min(), "the faster is drawn: \(pair)")
            // A desktop's scenes are drawn in the form the renderer chose here, as the half-size row is.
            XCTAssertEqual(Set(rows[5...].compactMap { $0["form"] as? String }), [try XCTUnwrap(rows[2]["form"] as? String)])
        }
        for row in references + effects {
            XCTAssertGreaterThan(try XCTUnwrap(row["median_ms"] as? Double), 0, "\(row)")
            XCTAssertGreaterThan(try XCTUnwrap(row["ratio_to_copy"] as? Double), 0, "\(row)")
            XCTAssertGreaterThan(try XCTUnwrap(row["ratio_to_blit"] as? Double), 0, "\(row)")
        }
    }
}
