import Foundation
import SegueEngine
import SegueTestSupport
import XCTest

final class ShaderSourceTests: XCTestCase {
    private static let transition = "\nvec4 transition(vec2 uv) { return getFromColor(uv); }\n"

    /// Parses `text` with a transition function appended, so line numbers in `text` hold.
    private func parse(_ text: String) throws -> ShaderSource {
        try ShaderSource.parse(text + Self.transition, path: "t.glsl")
    }

    private func parameter(_ text: String) throws -> ParameterSpec {
        let parameters = try parse(text).parameters
        XCTAssertEqual(parameters.count, 1)
        return try XCTUnwrap(parameters.first)
    }

    private func error(_ text: String, transition: Bool = true,
                       file: StaticString = #filePath, line: UInt = #line) -> ShaderSourceError? {
        do {
            let source = try ShaderSource.parse(transition ? text + Self.transition : text, path: "t.glsl")
            XCTFail("parsed: \(source)", file: file, line: line)
            return nil
        } catch {
            return error
        }
    }

    private func assertError(_ text: String, _ line: Int, _ column: Int, _ message: String,
                             file: StaticString = #filePath, sourceLine: UInt = #line) {
        guard let e = error(text, file: file, line: sourceLine) else { return }
        XCTAssertEqual(e, ShaderSourceError(path: "t.glsl", line: line, column: column, message: message),
                       file: file, line: sourceLine)
    }

    // MARK: Defaults

    func testLineCommentGivesTheDefault() throws {
        let p = try parameter("uniform float startSpeed; // = 2.7")
        XCTAssertEqual(p.uniform, "startSpeed")
        XCTAssertEqual(p.name, "start-speed")
        XCTAssertEqual(p.type, .float)
        XCTAssertEqual(p.defaultValue, .float(2.7))
        XCTAssertNil(p.range)
        XCTAssertEqual(p.summary, "")
    }

    func testBlockCommentBeforeTheSemicolonGivesTheDefault() throws {
        let p = try parameter("uniform vec4 shadow_colour /* = vec4(0.,0.,0.,.6) */;")
        XCTAssertEqual(p.name, "shadow-colour")
        XCTAssertEqual(p.defaultValue, ParameterValue(.vec4, [0, 0, 0, 0.6]))
    }

    func testBlockCommentAfterTheSemicolonGivesTheDefault() throws {
        XCTAssertEqual(try parameter("uniform int count; /* = 3 */").defaultValue, .int(3))
    }

    func testSeveralNamesShareOneDefault() throws {
        let parameters = try parse("uniform float amplitude, speed; // = 1.0").parameters
        XCTAssertEqual(parameters.map(\.uniform), ["amplitude", "speed"])
        XCTAssertEqual(parameters.map(\.type), [.float, .float])
        XCTAssertEqual(parameters.map(\.defaultValue), [.float(1), .float(1)])
    }

    func testEveryTypeReadsItsDefault() throws {
        let cases: [(String, ParameterValue)] = [
            ("uniform float a; // = 1.0", .float(1)),
            ("uniform float a; // = 30", .float(30)),
            ("uniform float a; // = .6", .float(0.6)),
            ("uniform float a; // = -2.", .float(-2)),
            ("uniform int a; // = 30", .int(30)),
            ("uniform bool a; // = true", .bool(true)),
            ("uniform bool a; // = false", .bool(false)),
            ("uniform vec2 a; // = vec2(0.0, 1.0)", ParameterValue(.vec2, [0, 1])),
            ("uniform vec3 a; // = vec3(1.0)", ParameterValue(.vec3, [1, 1, 1])),
            ("uniform vec4 a; // = vec4(0.,0.,0.,.6)", ParameterValue(.vec4, [0, 0, 0, 0.6])),
            ("uniform ivec2 a; // = ivec2(4)", ParameterValue(.ivec2, [4, 4])),
            ("uniform ivec2 a; // = ivec2(2, -3)", ParameterValue(.ivec2, [2, -3])),
            ("uniform highp float a; // = 0.5", .float(0.5)),
            ("uniform mediump vec2 a /* = vec2(1.0, 2.0) */ ;", ParameterValue(.vec2, [1, 2])),
        ]
        for (text, expected) in cases {
            XCTAssertEqual(try parameter(text).defaultValue, expected, text)
        }
    }

    func testNoDefaultGivesTheZeroValue() throws {
        for type in ParameterType.allCases where type != .image {
            let p = try parameter("uniform \(type.glslName) a;")
            XCTAssertEqual(p.defaultValue, ParameterValue(type, Array(repeating: 0, count: type.componentCount)))
        }
        XCTAssertEqual(try parameter("uniform sampler2D luma;").defaultValue, ParameterValue(image: nil), "the neutral image")
        XCTAssertEqual(try parameter("uniform bool flag; // just a note").defaultValue, .bool(false))
    }

    /// Real gl-transitions files end defaults as statements and pad them.
    func testDefaultsWrittenLooselyAsRealFilesDo() throws {
        XCTAssertEqual(try parameter("uniform float x; // = 0.3;").defaultValue, .float(0.3))
        XCTAssertEqual(try parameter("uniform float x; //  = 0.3 ; ").defaultValue, .float(0.3))
        XCTAssertEqual(try parameter("uniform vec2 c; // = vec2(0.5, 0.25);").defaultValue, ParameterValue(.vec2, [0.5, 0.25]))
        XCTAssertEqual(try parameter("uniform bool g; // = false;").defaultValue, .bool(false))
        XCTAssertEqual(try parameter("uniform ivec2 n /* = ivec2(20); */;").defaultValue, ParameterValue(.ivec2, [20, 20]))
        let ranged = try parameter("uniform float s; // = 0.5; (0..1) smoothness")
        XCTAssertEqual(ranged.range, 0...1)
        XCTAssertEqual(ranged.summary, "smoothness")
        // What is still not a value says where.
        assertError("uniform float x; // = 0.3x;", 1, 23, "'0.3x' is not a valid float default")
        assertError("uniform float x; // = ;", 1, 23, "';' is not a valid float default")
    }

    func testIntDefaultWrittenAsFloatIsAnError() {
        assertError("uniform int count; // = 1.0", 1, 25, "'1.0' is not a valid int default")
    }

    func testBadDefaultsPointAtTheValue() {
        assertError("uniform vec2 a; // =   vec3(1.0)", 1, 24, "'vec3(1.0)' is not a valid vec2 default")
        assertError("uniform bool a; // = yes", 1, 22, "'yes' is not a valid bool default")
        assertError("uniform vec2 a; // = vec2(1.0, 2.0", 1, 22, "missing ')' in default 'vec2(1.0, 2.0'")
        assertError("uniform float a; // =", 1, 21, "expected a value after '='")
        assertError("uniform int a; // = -9223372036854775808", 1, 21,
                    "'-9223372036854775808' is not a valid int default")
        assertError("uniform ivec2 a; // = ivec2(1, -9223372036854775808)", 1, 23,
                    "'ivec2(1, -9223372036854775808)' is not a valid ivec2 default")
        assertError("uniform float a /* = 1.0 */; // = 2.0", 1, 33, "'a' has more than one default")
    }

    func testDefaultOnTheNextDeclarationIsNotTaken() throws {
        let parameters = try parse("uniform float a; uniform float b; // = 2.0").parameters
        XCTAssertEqual(parameters.map(\.defaultValue), [.float(0), .float(2)])
        XCTAssertEqual(try parameter("uniform float a;\n// = 2.0").defaultValue, .float(0))
    }

    // MARK: Ranges and summaries

    func testRangeAndSummaryFollowTheDefault() throws {
        let p = try parameter("uniform float columnWidth; // = 1.0 (1..64) width of a melting column in output pixels")
        XCTAssertEqual(p.name, "column-width")
        XCTAssertEqual(p.defaultValue, .float(1))
        XCTAssertEqual(p.range, 1...64)
        XCTAssertEqual(p.summary, "width of a melting column in output pixels")
    }

    func testSummaryWithoutRange() throws {
        let p = try parameter("uniform float startSpeed; // = 2.7 how fast columns start")
        XCTAssertNil(p.range)
        XCTAssertEqual(p.summary, "how fast columns start")
    }

    func testRangeWithoutSummaryAndWithSpaces() throws {
        let p = try parameter("uniform vec2 a; // = vec2(0.5, -0.5)( -1.0 .. 1. )")
        XCTAssertEqual(p.range, -1...1)
        XCTAssertEqual(p.summary, "")
    }

    func testParenthesisWithoutDotsIsPartOfTheSummary() throws {
        let p = try parameter("uniform float a; // = 3 (in pixels) blur radius")
        XCTAssertNil(p.range)
        XCTAssertEqual(p.summary, "(in pixels) blur radius")
    }

    func testBlockCommentSummarySpanningLinesIsJoined() throws {
        let p = try parameter("uniform int n /* = 4 (1..8) how many\n   strips */;")
        XCTAssertEqual(p.range, 1...8)
        XCTAssertEqual(p.summary, "how many strips")
    }

    func testDefaultOutsideItsRangeIsAnError() {
        assertError("uniform float a; // = 100.0 (1..64)", 1, 23, "default 100.0 lies outside the range (1..64)")
        assertError("uniform vec2 a; // = vec2(0.5, 2.0) (0..1)", 1, 22,
                    "default vec2(0.5, 2.0) lies outside the range (0..1)")
    }

    func testMalformedRangesAreErrors() {
        assertError("uniform float a; // = 1.0 (64..1)", 1, 28, "range (64..1) has its minimum above its maximum")
        assertError("uniform float a; // = 1.0 (x..2)", 1, 28, "range bound 'x' is not a number")
        assertError("uniform float a; // = 1.0 (0..)", 1, 31, "range bound '' is not a number")
        assertError("uniform float a; // = 1.0 (1...2)", 1, 31, "range bound '.2' is not a number")
        assertError("uniform bool a; // = true (0..1)", 1, 27, "a bool parameter takes no range")
    }

    // MARK: Declaration errors

    func testReservedNamesAreErrors() {
        for name in ["progress", "ratio", "from", "to"] {
            assertError("\nuniform float \(name);", 2, 15, "'\(name)' is provided by Segue; remove this declaration")
        }
        assertError("uniform float a, segueTime;", 1, 18,
                    "'segueTime' starts with 'segue', which is reserved for Segue; rename it")
    }

    func testDuplicateNamesAreErrors() {
        assertError("uniform float a;\nuniform vec2 b, a;", 2, 17, "'a' is already declared on line 1")
        assertError("uniform float a, a;", 1, 18, "'a' is already declared on line 1")
    }

    func testUnsupportedTypesAreErrors() {
        let supported = "parameters take float, int, bool, vec2, vec3, vec4, ivec2, sampler2D"
        assertError("uniform float a;\n  uniform samplerCube map;", 2, 11,
                    "unsupported uniform type 'samplerCube'; \(supported)")
        assertError("uniform highp mat4 m;", 1, 15, "unsupported uniform type 'mat4'; \(supported)")
        assertError("uniform sampler2D map; // = noise.png", 1, 29,
                    "an image takes no default here; set a PNG in the config or with --param")
    }

    func testMalformedDeclarationsAreErrors() {
        assertError("uniform float a[3];", 1, 16, "array uniforms are not supported")
        assertError("uniform float a = 1.0;", 1, 17,
                    "uniforms take no initializer in GLSL ES; write the default as a comment: // = VALUE")
        assertError("uniform float a\nvec4 b;", 2, 1, "expected ',' or ';' after 'a'")
        assertError("uniform float ;", 1, 15, "expected a uniform name")
        assertError("uniform ;", 1, 9, "expected a type after 'uniform'")
    }

    func testCommentedOutDeclarationsAreIgnored() throws {
        let text = """
            // uniform sampler2D map;
            /* uniform float progress;
               uniform mat4 m; */
            uniform float a; // = 1.0 uniform float b;
            #define SHADOW uniform sampler2D
            """
        XCTAssertEqual(try parse(text).parameters.map(\.uniform), ["a"])
    }

    // MARK: Transition function

    func testAFileWithNoKnownEntryPointIsAnError() {
        let message = "defines no entry point Segue knows: vec4 transition(vec2 uv) (gl-transitions), "
            + "vec4 open_color(vec3 coords_geo, vec3 size_geo), close_color(...) or resize_color(...) (niri), "
            + "or void main() calling setOutputColor (Burn-My-Windows)"
        for text in ["uniform float a;\nvec4 main(vec2 uv) { return vec4(0.); }",
                     "// vec4 transition(vec2 uv) { return vec4(0.); }",
                     "vec3 transition(vec2 uv) { return vec3(0.); }",
                     "vec4 open_color(vec2 uv) { return vec4(0.); }",
                     "void main() { gl_FragColor = vec4(1.0); }"] {
            XCTAssertEqual(error(text, transition: false),
                           ShaderSourceError(path: "t.glsl", line: 1, column: 1, message: message))
        }
    }

    func testTheFormatIsTheFunctionTheFileDefines() throws {
        func interface(_ text: String) throws -> ShaderSource.Interface { try ShaderSource.parse(text, path: "t.glsl").interface }
        XCTAssertEqual(try interface("vec4 transition(vec2 uv) { return vec4(uv, 0, 1); }"), .glTransitions)
        XCTAssertEqual(try interface("vec4 open_color(vec3 coords_geo, vec3 size_geo) { return vec4(1.0); }"), .niriOpen)
        XCTAssertEqual(try interface("float f() { return 1.0; }\nvec4 close_color(vec3 c, vec3 s) { return vec4(f()); }"), .niriClose)
        XCTAssertEqual(try interface("\nvec4 resize_color(vec3 c, vec3 s) { return vec4(1.0); }"), .niriResize)
        XCTAssertEqual(try interface("uniform vec3 uColor;\nvoid main() { setOutputColor(vec4(uColor, 1.0)); }"), .burnMyWindows)
    }

    func testNirisOwnUniformsPastedWithTheShaderAreNamedForRemoval() {
        XCTAssertEqual(error("uniform sampler2D niri_tex;\nuniform mat3 niri_geo_to_tex;\nvec4 open_color(vec3 c, vec3 s) { return vec4(1.0); }",
                             transition: false),
                       ShaderSourceError(path: "t.glsl", line: 1, column: 1,
                                         message: "'niri_tex' is provided by Segue as niri provides it; remove this declaration"))
    }

    func testAWindowShaderPlaysItsOwnFunctionForwardWhateverTheEvent() {
        XCTAssertEqual(ShaderSource.Interface.niriOpen.direction(opening: true), .forward)
        XCTAssertEqual(ShaderSource.Interface.niriOpen.direction(opening: false), .reverse, "a window going: the open backwards")
        XCTAssertEqual(ShaderSource.Interface.niriClose.direction(opening: false), .forward, "a close or a minimize: the close as written")
        XCTAssertEqual(ShaderSource.Interface.niriClose.direction(opening: true), .reverse)
        XCTAssertNil(ShaderSource.Interface.glTransitions.direction(opening: true), "two screens' shader plays as its event says")
    }

    func testTransitionFunctionMayBeSpacedOut() throws {
        XCTAssertNoThrow(try ShaderSource.parse("vec4  transition (\n  in highp vec2 p) { return vec4(p, 0, 1); }",
                                                path: "t.glsl"))
    }

    // MARK: #version

    func testNoVersionIsGLSL100AndTheBodyIsUnchanged() throws {
        let text = "uniform float a;" + Self.transition
        let source = try ShaderSource.parse(text, path: "t.glsl")
        XCTAssertEqual(source.language, .glsl100)
        XCTAssertEqual(source.body, text)
    }

    func testVersionLineIsEmptiedKeepingLineNumbers() throws {
        for (line, language) in [("#version 100", ShaderSource.Language.glsl100),
                                 ("  #  version 300 es // ES 3", .glsl300),
                                 ("#version 300 es\r", .glsl300)] {
            let text = "// header\n\n\(line)\nuniform float a;" + Self.transition
            let source = try ShaderSource.parse(text, path: "t.glsl")
            XCTAssertEqual(source.language, language)
            XCTAssertEqual(source.body, "// header\n\n\(line.hasSuffix("\r") ? "\r" : "")\nuniform float a;" + Self.transition)
            XCTAssertEqual(source.body.split(separator: "\n", omittingEmptySubsequences: false).count,
                           text.split(separator: "\n", omittingEmptySubsequences: false).count)
        }
    }

    func testVersionLineKeepsCommentsCrossingIntoOtherLines() throws {
        let text = "/* a\n */ #version 300 es /* b\n */" + Self.transition
        let source = try ShaderSource.parse(text, path: "t.glsl")
        XCTAssertEqual(source.language, .glsl300)
        XCTAssertEqual(source.body, "/* a\n *//* b\n */" + Self.transition)
    }

    func testUnsupportedVersionIsAnError() {
        assertError("\n#version 310 es", 2, 10, "unsupported #version '310 es'; Segue takes 100 or 300 es")
        assertError("#version", 1, 2, "unsupported #version ''; Segue takes 100 or 300 es")
    }

    func testVersionAfterCodeIsAnError() {
        assertError("uniform float a;\n#version 300 es", 2, 1, "#version must come before everything but comments")
        assertError("#define X 1\n#version 100", 2, 1, "#version must come before everything but comments")
    }

    func testOtherDirectivesAreLeftAlone() throws {
        let text = "#ifdef GL_ES\nprecision mediump float;\n#endif\n" + Self.transition
        let source = try ShaderSource.parse(text, path: "t.glsl")
        XCTAssertEqual(source.body, text)
        XCTAssertEqual(source.language, .glsl100)
    }

    // MARK: Annotations

    func testAnnotationsAreRecordedWithTheirPositions() throws {
        let text = """
            // Author: gre
            // License: MIT
            // @summary Doom screen melt
            //   @duration 2s
            // @easing ease-in
            // @spring damping=0.5 velocity=0.8
            // @mipmaps
            // @Bad key
            // @key=value
            uniform float a; // @inline note
            """
        XCTAssertEqual(try parse(text).annotations, [
            Annotation(key: "author", value: "gre", line: 1, column: 12),
            Annotation(key: "license", value: "MIT", line: 2, column: 13),
            Annotation(key: "summary", value: "Doom screen melt", line: 3, column: 13),
            Annotation(key: "duration", value: "2s", line: 4, column: 16),
            Annotation(key: "easing", value: "ease-in", line: 5, column: 12),
            Annotation(key: "spring", value: "damping=0.5 velocity=0.8", line: 6, column: 12),
            Annotation(key: "mipmaps", value: "", line: 7, column: 5),
            Annotation(key: "inline", value: "note", line: 10, column: 29),
        ])
    }

    // MARK: Whole files

    func testGLTransitionsExampleParses() throws {
        let text = """
            // Author: gre
            // License: MIT
            uniform vec2 direction; // = vec2(0.0, 1.0)

            vec4 transition (vec2 uv) {
              vec2 p = uv + progress * sign(direction);
              vec2 f = fract(p);
              return mix(
                getToColor(f),
                getFromColor(f),
                step(0.0, p.y) * step(p.y, 1.0) * step(0.0, p.x) * step(p.x, 1.0)
              );
            }

            """
        let source = try ShaderSource.parse(text, path: "directional.glsl")
        XCTAssertEqual(source.path, "directional.glsl")
        XCTAssertEqual(source.language, .glsl100)
        XCTAssertEqual(source.body, text)
        XCTAssertEqual(source.parameters, [
            ParameterSpec(uniform: "direction", type: .vec2, defaultValue: ParameterValue(.vec2, [0, 1])),
        ])
        XCTAssertEqual(source.annotations.map(\.key), ["author", "license"])
        XCTAssertEqual(source.annotations.map(\.value), ["gre", "MIT"])
    }

    func testErrorDescriptionIsCompilerStyle() {
        XCTAssertEqual(ShaderSourceError(path: "a.glsl", line: 3, column: 7, message: "bad").description,
                       "a.glsl:3:7: bad")
    }

    func testArbitraryInputOnlyParsesOrThrows() {
        var rng = SeededGenerator(seed: 42)
        let alphabet = Array("uniform float vec2 ivec2 bool ; , = // /* */ ( ) .. 1.0 -2. true @a \n#version 300 es\n")
        for _ in 0..<2000 {
            let bytes = (0..<Int(rng.next() % 200)).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
            _ = try? ShaderSource.parse(String(decoding: bytes, as: UTF8.self), path: "fuzz")
            let soup = String((0..<Int(rng.next() % 200)).map { _ in alphabet[Int(rng.next() % UInt64(alphabet.count))] })
            _ = try? ShaderSource.parse(soup, path: "fuzz")
        }
        let valid = """
            #version 300 es
            // @summary x
            uniform highp vec4 shadow_colour /* = vec4(0.,0.,0.,.6) (0..1) shadow */;
            uniform float a, b; // = 1.0 (0..2) summary
            vec4 transition(vec2 uv) { return vec4(0); }
            """
        let scalars = Array(valid.unicodeScalars)
        for n in 0...scalars.count {
            var view = String.UnicodeScalarView()
            view.append(contentsOf: scalars[..<n])
            _ = try? ShaderSource.parse(String(view), path: "truncated")
        }
        XCTAssertNoThrow(try ShaderSource.parse(valid, path: "valid"))
    }
}
