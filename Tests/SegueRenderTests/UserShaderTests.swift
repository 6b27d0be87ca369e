import Foundation
import SegueEngine
import SegueImaging
import SegueRender
import SegueTestSupport
import XCTest

/// Shaders in the gl-transitions format, as people write them for WebGL 1,
/// render; their mistakes are reported at their own file and line.
final class UserShaderTests: XCTestCase {
    private let directional = """
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

    func testAGlTransitionsShaderRendersWithItsDefaultParameters() throws {
        var registry = EffectRegistry()
        let effect = try registry.register(name: "directional", glsl: directional)
        XCTAssertEqual(effect.parameters.map(\.name), ["direction"])
        // direction (0, 1): half-way, `from` has moved down half a screen and
        // `to` follows it in from the top.
        let image = try RenderFixture.draw(EffectSettings(effect), progress: 0.5)
        let h = RenderFixture.height, x = 5
        XCTAssertEqual(screen(of: image[x, 2], at: x, 2 + h / 2), .to, "the top half shows `to`'s lower half")
        XCTAssertEqual(screen(of: image[x, h - 3], at: x, h / 2 - 3), .from, "the bottom half shows `from`'s upper half")
    }

    func testWebGL1BuiltinsLikeTexture2DCompile() throws {
        var registry = EffectRegistry()
        let effect = try registry.register(name: "webgl1", glsl: """
            uniform float strength; // = 0.5
            vec4 transition(vec2 uv) {
              vec4 a = texture2D(from, vec2(uv.x, 1.0 - uv.y));
              return mix(a, getToColor(uv), progress * strength * 2.0);
            }
            """)
        let image = try RenderFixture.draw(EffectSettings(effect), progress: 1)
        assertImagesMatch(image, RenderFixture.to, "texture2D shader at 1")
    }

    func testACompileErrorNamesTheEffectAndTheLineInItsFile() throws {
        var registry = EffectRegistry()
        let effect = try registry.register(name: "broken", glsl: """
            uniform float amount; // = 1.0

            vec4 transition(vec2 uv) {
              return getFromColor(uv) * amount +;
            }
            """)
        let renderer = try RenderFixture.renderer()
        XCTAssertThrowsError(try renderer.prepare(effect)) { error in
            let text = "\(error)"
            XCTAssertTrue(text.contains("effect 'broken'"), text)
            XCTAssertTrue(text.contains("<broken>:4"), "points at line 4 of the file: \(text)")
        }
    }

    /// File-scope globals initialised from uniforms or other globals, as
    /// WebGL accepts them: the initializers run before `transition()`, in order,
    /// and the picture is what they compute.
    func testGlobalsInitialisedFromUniformsRunBeforeTheTransition() throws {
        var registry = EffectRegistry()
        let effect = try registry.register(name: "globals", glsl: """
            uniform float split; // = 0.25;
            float edge = split * 2.0;
            const float middle = 0.5;
            float unused = middle;
            vec2 centre = vec2(middle) + vec2(edge - middle);
            float twice = centre.x;
            vec4 transition(vec2 uv) {
              return uv.x < twice ? getFromColor(uv) : getToColor(uv);
            }
            """)
        XCTAssertEqual(effect.source.deferredInitializers.map(\.name), ["edge", "centre", "twice"])
        // The edge falls at half the width: `from` on the left, `to` on the right, whatever the progress.
        let image = try RenderFixture.draw(EffectSettings(effect), progress: 0.3)
        var expected = RenderFixture.to
        for y in 0..<expected.height { for x in 0..<expected.width / 2 { expected[x, y] = RenderFixture.from[x, y] } }
        assertImagesMatch(image, expected, "split at 0.25 × 2")
    }

    /// Arithmetic on a float made from an int keeps full precision, as WebGL
    /// gives it (the collection's DoomScreenTransition relies on it): made
    /// mediump, 30 × 67123 overflows and the frame is wrong from its first.
    func testFloatsMadeFromIntsKeepFullPrecision() throws {
        var registry = EffectRegistry()
        let effect = try registry.register(name: "ints", glsl: """
            uniform int count; // = 30
            vec4 transition(vec2 uv) {
              int n = int(uv.x * float(count));
              float m = mod(float(n) * 67123.313, 12.0);
              return m >= 0.0 && m < 12.0 ? mix(getFromColor(uv), getToColor(uv), progress) : vec4(1.0, 0.0, 1.0, 1.0);
            }
            """)
        assertImagesMatch(try RenderFixture.draw(EffectSettings(effect), progress: 0), RenderFixture.from, "ints at 0")
    }

    /// The collection's RotateScaleVanish names a local inside its own initializer.
    func testALocalNamedInItsOwnInitializerRenders() throws {
        var registry = EffectRegistry()
        let effect = try registry.register(name: "selfref", glsl: """
            uniform bool flip; // = false
            vec4 transition(vec2 uv) {
              float t = flip ? t = 1.0 - progress : t = progress;
              return mix(getFromColor(uv), getToColor(uv), step(0.5, t));
            }
            """)
        assertImagesMatch(try RenderFixture.draw(EffectSettings(effect), progress: 0.7), RenderFixture.to, "selfref at 0.7")
        var flipped = EffectSettings(effect)
        try flipped.set("flip", to: "true")
        assertImagesMatch(try RenderFixture.draw(flipped, progress: 0.7), RenderFixture.from, "flipped at 0.7")
    }

    func testAnErrorInADeferredInitializerPointsAtItsLine() throws {
        var registry = EffectRegistry()
        let effect = try registry.register(name: "badglobal", glsl: """
            uniform float split; // = 0.25

            float edge = split * nowhere;
            vec4 transition(vec2 uv) { return uv.x < edge ? getFromColor(uv) : getToColor(uv); }
            """)
        let errors = try RenderFixture.renderer().problems(compiling: effect).filter { $0.contains("error") }
        XCTAssertFalse(errors.isEmpty)
        XCTAssertTrue(errors.allSatisfy { $0.hasPrefix("<badglobal>:3:") }, "\(errors)")
    }

    func testParametersAreSetAsUniforms() throws {
        var registry = EffectRegistry()
        let effect = try registry.register(name: "solid", glsl: """
            uniform vec3 color; // = vec3(1.0, 0.0, 0.0)
            uniform bool useColor; // = true
            uniform int steps; // = 2
            uniform ivec2 grid; // = ivec2(3, 4)
            vec4 transition(vec2 uv) {
              float g = float(steps + grid.x + grid.y) / 255.0;
              return useColor ? vec4(color.r, g, color.b, 1.0) : getToColor(uv);
            }
            """)
        var settings = EffectSettings(effect)
        XCTAssertEqual(try RenderFixture.draw(settings, progress: 0.5)[0, 0], RGBA(255, 9, 0))
        try settings.apply(assignments: ["color=vec3(0.0, 0.0, 1.0)", "steps=10"])
        XCTAssertEqual(try RenderFixture.draw(settings, progress: 0.5)[0, 0], RGBA(0, 17, 255))
        try settings.set("use-color", to: "false")
        XCTAssertEqual(try RenderFixture.draw(settings, progress: 0.5)[3, 3], RenderFixture.to[3, 3])
    }
}

/// The example shaders shipped in `examples/` load and play from `from` to `to`.
final class ExampleShaderTests: XCTestCase {
    /// A gl-transitions example (and a resize shader, between two pictures
    /// of one size) shows `from` exactly at 0 and `to` at 1; a
    /// shader of one window (niri's, Burn-My-Windows') draws `to` as a window
    /// over all of `from`, as its desktop: opening, nothing of it at 0 and
    /// all of it at 1, and closing the reverse.
    func testEveryExampleShaderStartsOnFromAndEndsOnTo() throws {
        let folder = SourceTree.url("examples/shaders")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".glsl") || $0.hasSuffix(".frag") }
        XCTAssertEqual(Set(files.map { try? ShaderSource.load(path: folder.appendingPathComponent($0).path).interface }),
                       [.glTransitions, .niriOpen, .niriResize, .burnMyWindows], "an example of each format")
        let renderer = try RenderFixture.renderer()
        let desktop = try Texture(image: RenderFixture.from), window = try Texture(image: RenderFixture.to)
        let all = PixelRect(x: 0, y: 0, width: RenderFixture.width, height: RenderFixture.height)
        for file in files {
            let source = try ShaderSource.load(path: folder.appendingPathComponent(file).path)
            let effect = try EffectDescriptor(name: file, source: source, origin: .userShader)
            if source.interface.drawsOneWindow {
                for (opening, progress, expected) in [(true, 0.0, RenderFixture.from), (true, 1, RenderFixture.to),
                                                      (false, 0, RenderFixture.to), (false, 1, RenderFixture.from)] {
                    let target = try RenderTarget(width: all.width, height: all.height)
                    try renderer.render(.windowOver(EffectSettings(effect), window: [SurfaceLayer(window, at: all)], area: all, scene: desktop,
                                                    opening: opening, progress: progress, direction: opening ? .forward : .reverse,
                                                    form: .shader), into: target)
                    assertImagesMatch(target.readPixels(opaque: true), expected, "\(file) \(opening ? "opening" : "closing") at \(progress)")
                }
                continue
            }
            for direction in [TransitionDirection.forward, .reverse] {
                assertImagesMatch(try RenderFixture.draw(EffectSettings(effect), progress: 0, direction: direction),
                                  RenderFixture.from, "\(file) \(direction) at 0")
                assertImagesMatch(try RenderFixture.draw(EffectSettings(effect), progress: 1, direction: direction),
                                  RenderFixture.to, "\(file) \(direction) at 1")
            }
        }
    }
}
