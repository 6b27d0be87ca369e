import Foundation
import SegueTestSupport
import XCTest

/// `segue check-config`: the effective selection for a good file, compiler-style
/// lines and exit 1 for a bad one.
final class CheckConfigCommandTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = try temporaryFolder()
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    private func write(_ text: String, to name: String) throws -> String {
        let path = folder.appendingPathComponent(name).path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// What is in force is said by value: a spring's worked-out stiffness to a
    /// tenth, and the output's defaults with what they are.
    func testTheValuesInForceAreSaidAsValues() throws {
        let path = try write("[transitions.switch]\nspring = { damping = 0.5, velocity = 0.8, duration = \"500ms\" }\n", to: "config.toml")
        let result = try SegueCommand.run(["check-config", path])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("spring(damping: 0.5, stiffness: 862.8, velocity: 0.8)"), result.stdout)
        XCTAssertTrue(result.stdout.contains("output: size 1920x1080 headless, a 1280x720 window nested (default), "
                                             + "refresh 60 Hz headless, the parent's nested (default), background #14141a (default)"),
                      result.stdout)
    }

    func testTheExampleConfigPrintsWhatEachEventAndRulePlays() throws {
        let example = SourceTree.url("examples/config.toml").path
        let result = try SegueCommand.run(["check-config", example])
        XCTAssertEqual(result.status, 0, result.stderr)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        XCTAssertTrue(lines.contains { $0.hasPrefix("switch: slide, 500 ms, spring(") && $0.hasSuffix("forward  # [transitions.switch]") },
                      result.stdout)
        XCTAssertTrue(lines.contains("close: zoom-from-rect, 500 ms, ease-in-out, reverse  # [transitions.open] in reverse"),
                      result.stdout)
        XCTAssertTrue(lines.contains { $0.hasPrefix("rule 1 (config.toml:")
                && $0.hasSuffix("): when app-id = \"org.gnome.Nautilus\", event = \"open\" → effect = iris") },
                      result.stdout)
    }

    func testEveryProblemIsPrintedAsFileLineColumnAndTheCommandFails() throws {
        let path = try write("""
            [transitions.switch]
            effect = "silde"
            duraton = "1s"
            [output]
            refresh = 0
            """, to: "config.toml")
        let result = try SegueCommand.run(["check-config", path])
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stdout, "")
        let problems = result.stderrLines.filter { !$0.hasPrefix("note:") }.map { $0.replacingOccurrences(of: path, with: "FILE") }
        XCTAssertEqual(problems, [
            "FILE:2:10: unknown effect 'silde'; did you mean 'slide'? (effects: circle-reveal, crossfade, doom-melt, "
                + "lamp, rotate, slide, zoom-from-rect; or \"random\" or \"none\")",
            "FILE:3:1: unknown key 'duraton' in [transitions.switch]; did you mean 'duration'?",
            "FILE:5:11: 'refresh' must be in 1...360 Hz, not 0",
        ])
    }

    /// check-config on `path`, which must compile its shaders: without EGL the
    /// test skips saying why, except under SEGUE_REQUIRE_EGL=1 (CI), where that fails.
    private func checkCompilingShaders(_ path: String) throws -> SegueCommand.Result {
        let result = try SegueCommand.run(["check-config", path])
        guard result.stderr.hasPrefix("note: user shaders were parsed but not compiled") else { return result }
        let problem = "EGL/GLES 3 unavailable on this machine: \(result.stderr)"
        if ProcessInfo.processInfo.environment["SEGUE_REQUIRE_EGL"] == "1" { throw CheckConfigTestError(problem) }
        throw XCTSkip(problem)
    }

    /// A note says what loads but may not play as meant, at its place, and the check passes.
    func testANoteIsPrintedAtItsPlaceAndTheConfigPasses() throws {
        _ = try write("uniform float uGlow;\nvoid main() { setOutputColor(vec4(uGlow)); }\n", to: "glow.frag")
        let path = try write("[effects.glow]\nshader = \"glow.frag\"\n", to: "config.toml")
        let result = try checkCompilingShaders(path)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stderrLines, ["\(path):2:10: note: Segue knows no Burn-My-Windows effect 'glow': uGlow starts at 0 "
                                            + "(images at a neutral ramp); set them in [effects.glow]"])
    }

    func testAShaderThatDoesNotCompileIsReportedAtItsOwnLine() throws {
        let shader = try write("uniform float a; // = 1.0\nvec4 transition(vec2 uv) {\n  return foo(uv);\n}\n", to: "bad.glsl")
        let path = try write("[effects.bad]\nshader = \"bad.glsl\"\n", to: "config.toml")
        let result = try checkCompilingShaders(path)
        XCTAssertEqual(result.status, 1)
        XCTAssertFalse(result.stderrLines.isEmpty)
        XCTAssertTrue(result.stderrLines.allSatisfy { $0.hasPrefix("\(shader):3:") }, result.stderr)
        XCTAssertTrue(result.stderr.contains("foo"), result.stderr)
    }

    /// A wrong call makes the return's type wrong too: the call, the cause, is
    /// named first, with the driver's list of candidates under it, and the
    /// return it spoiled after them, in the compiler's order, not by column.
    /// (NVIDIA names the cause as the cast it would need, with no candidates.)
    func testAShaderErrorsRootCauseComesFirstWithItsCandidatesUnderIt() throws {
        let shader = try write("vec4 transition(vec2 uv) {\n  return mix(getFromColor(uv), getToColor(uv).rgb, progress);\n}\n",
                               to: "mix.glsl")
        let path = try write("[effects.mix]\nshader = \"mix.glsl\"\n", to: "config.toml")
        let result = try checkCompilingShaders(path)
        XCTAssertEqual(result.status, 1)
        let first = try XCTUnwrap(result.stderrLines.first.map(String.init))
        XCTAssertTrue(first.hasPrefix("\(shader):2:"), result.stderr)
        XCTAssertTrue(first.contains("mix(vec4, vec3, float)") || first.contains("implicit cast from \"vec4\" to \"vec3\""), result.stderr)
        // Drivers that name the spoiled return too (Mesa does) name it after the call's candidates.
        let returned = result.stderrLines.firstIndex { $0.contains("return") } ?? result.stderrLines.count
        let candidates = result.stderrLines.indices.filter { result.stderrLines[$0].contains("mix(vec4, vec4, float)") }
        XCTAssertTrue(candidates.allSatisfy { $0 < returned }, "the candidates belong to the call: \(result.stderr)")
    }

    /// A block left open shows in the driver's log past the end of the file,
    /// in Segue's own glue: it is reported once, at the file's last line.
    func testAShaderMissingItsClosingBraceIsReportedOnceAtItsLastLine() throws {
        let shader = try write("uniform float a; // = 1.0\nvec4 transition(vec2 uv) {\n  return getToColor(uv) * a;\n", to: "open.glsl")
        let path = try write("[effects.open]\nshader = \"open.glsl\"\n", to: "config.toml")
        let result = try checkCompilingShaders(path)
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stderrLines.count, 1, result.stderr)
        XCTAssertTrue(result.stderr.hasPrefix("\(shader):3: "), result.stderr)
        XCTAssertTrue(result.stderr.contains("is a closing brace missing?"), result.stderr)
        XCTAssertFalse(result.stderr.contains("<segue glue>"), result.stderr)
    }

    /// A shader the GPU never finishes would hang whoever draws it: it is drawn
    /// in a child process with a time limit, and reported at its own file. A
    /// heavy shader from the collection passes.
    func testAShaderThatNeverFinishesIsReportedNotRun() throws {
        let shader = try write("""
            vec4 transition(vec2 uv) {
              float acc = 0.0;
              // Past 2^24 a float stops counting: this never ends.
              for (float i = 0.0; i < 1e9; i += 1.0) { acc += sin(acc + uv.x); }
              return mix(getFromColor(uv), getToColor(uv), fract(acc));
            }
            """, to: "endless.glsl")
        let path = try write("[effects.endless]\nshader = \"endless.glsl\"\n", to: "config.toml")
        let started = Date()
        let result = try SegueCommand.run(["check-config", path])
        // Drawing needs EGL, which every machine Segue is tested on has: without it this fails, with the reason.
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertEqual(result.stderrLines.count, 1, result.stderr)
        // llvmpipe ends loops after 65535 turns, so the frame finishes, far too slowly; other drivers hit the time limit.
        XCTAssertTrue(result.stderrLines.allSatisfy { $0.hasPrefix("\(shader):1:1: ") && $0.hasSuffix("; an endless loop?") },
                      result.stderr)
        XCTAssertLessThan(Date().timeIntervalSince(started), 30, "the probe was stopped")
    }
}

private struct CheckConfigTestError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
