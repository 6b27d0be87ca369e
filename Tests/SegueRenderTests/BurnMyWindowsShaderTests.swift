import SegueEngine
import SegueImaging
@testable import SegueRender
import XCTest

/// A Burn-My-Windows effect shader, played as a window over the screen
/// behind it: its main runs over the effect's room with iTexCoord from the
/// room's top-left, getInputColor reads the window (0 to 1 across it,
/// straight alpha, nothing beyond it), setOutputColor's straight colour is
/// stored premultiplied, uProgress runs 0 to 1 whichever way the window
/// goes and uForOpening says which. The shaders here wipe the window away
/// to the right as it goes, so a flip, an offset or progress the wrong way fails.
final class BurnMyWindowsShaderTests: XCTestCase {
    private let blue = RGBA(0, 0, 200), red = RGBA(220, 0, 0), white = RGBA(255, 255, 255), green = RGBA(0, 255, 0)
    /// 32×18 red with a white marker at its top left, at (40, 20) of a 96×54 output.
    private let placed = PixelRect(x: 40, y: 20, width: 32, height: 18)
    private let area = PixelRect(x: 8, y: 2, width: 88, height: 52)

    /// Green wherever a standard uniform is not what Burn-My-Windows promises.
    private let checks = """
        bool segueTestWrong() {
            return uSize != vec2(32.0, 18.0) || uDuration != 0.5 || uPadding != 0.0 || uIsFullscreen
                || uProgress < 0.0 || uProgress > 1.0;
        }
        """

    /// Columns of the window left of the wipe are gone; `closing` 0 to 1.
    private var wipe: String {
        checks + """

            void main() {
                if (segueTestWrong()) { setOutputColor(vec4(0.0, 1.0, 0.0, 1.0)); return; }
                float closing = uForOpening ? 1.0 - uProgress : uProgress;
                vec4 color = getInputColor(iTexCoord.st);
                color.a *= iTexCoord.x >= closing ? 1.0 : 0.0;
                setOutputColor(color);
            }
            """
    }

    private func effect(_ text: String, room: (x: Double, y: Double) = (1, 1)) throws -> EffectDescriptor {
        var effect = try EffectDescriptor(name: "wipe", source: try ShaderSource.parse(text, path: "wipe.frag"), origin: .userShader)
        effect.room = room
        return effect
    }

    private func frame(_ effect: EffectDescriptor, opening: Bool, progress: Double, seed: Double = 0.5) throws -> RGBAImage {
        let renderer = try RenderFixture.renderer()
        var picture = RGBAImage(width: 32, height: 18, fill: red)
        picture.fill(white, x: 0, y: 0, width: 4, height: 4)
        let window = try Texture(image: picture)
        let scene = try Texture(image: RGBAImage(width: 96, height: 54, fill: blue))
        let target = try RenderTarget(width: 96, height: 54)
        var settings = EffectSettings(effect)
        settings.duration = 0.5
        settings.seed = seed
        // The event's direction does not matter to it.
        try renderer.render(.windowOver(settings, window: [SurfaceLayer(window, at: placed)], area: area, scene: scene, opening: opening,
                                        progress: progress, direction: opening ? .forward : .reverse, form: .shader), into: target)
        return target.readPixels(opaque: true)
    }

    private func assertWindow(_ image: RGBAImage, columns shown: ClosedRange<Int>?, line: UInt = #line) {
        for x in 36...76 {
            for y in [21, 30, 37] {
                let inside = placed.x...(placed.x + placed.width - 1) ~= x && (shown?.contains(x) ?? false)
                let expected = !inside ? blue : (x - placed.x < 4 && y - placed.y < 4 ? white : red)
                XCTAssertEqual(image[x, y], expected, "(\(x), \(y))", line: line)
            }
        }
        XCTAssertEqual(image[2, 2], blue, "the scene outside the area as it is", line: line)
        XCTAssertEqual(image[93, 51], blue, line: line)
    }

    func testAClosingWindowShowsWholeFirstNothingLastAndIsWipedAwayInBetween() throws {
        let close = try effect(wipe)
        XCTAssertEqual(close.source.interface, .burnMyWindows)
        assertWindow(try frame(close, opening: false, progress: 0), columns: 40...71)
        // A quarter of the way: its left quarter, 8 of its 32 columns, gone.
        assertWindow(try frame(close, opening: false, progress: 0.25), columns: 48...71)
        assertWindow(try frame(close, opening: false, progress: 1), columns: nil)
    }

    func testAnOpeningWindowPlaysTheSameWipeTurnedRound() throws {
        let open = try effect(wipe)
        assertWindow(try frame(open, opening: true, progress: 0), columns: nil)
        assertWindow(try frame(open, opening: true, progress: 0.75), columns: 48...71)
        assertWindow(try frame(open, opening: true, progress: 1), columns: 40...71)
    }

    /// As fire, rgbwarp and team-rocket are written for desktop GLSL: an int
    /// passed to a float parameter, a local named after the function it calls.
    func testAFileWrittenForDesktopGLSLPlaysTheSameWipe() throws {
        let desktop = try effect(checks + """

            float closingAt(float scale, float offset) { return (uForOpening ? 1.0 - uProgress : uProgress) * scale + offset; }
            void main() {
                if (segueTestWrong()) { setOutputColor(vec4(0.0, 1.0, 0.0, 1.0)); return; }
                float closingAt = closingAt(1, 0);
                vec4 color = getInputColor(iTexCoord.st);
                color.a *= iTexCoord.x >= closingAt ? 1.0 : 0.0;
                setOutputColor(color);
            }
            """)
        assertWindow(try frame(desktop, opening: false, progress: 0.25), columns: 48...71)
        assertWindow(try frame(desktop, opening: true, progress: 0.75), columns: 48...71)
    }

    func testAStraightColourIsStoredPremultiplied() throws {
        let half = try effect("void main() { setOutputColor(vec4(1.0, 0.0, 0.0, 0.5)); }")
        let image = try frame(half, opening: false, progress: 0.5)
        // Half red over blue: 128 red, 100 blue; stored straight it would be 255 red.
        XCTAssertEqual(Int(image[50, 30].r), 128, accuracy: 2)
        XCTAssertEqual(Int(image[50, 30].b), 100, accuracy: 2)
        XCTAssertEqual(image[38, 30], blue, "nothing drawn outside the window's room")
    }

    func testAnEffectWithRoomDrawsAroundTheWindowAndReadsTheWindowWhereItIs() throws {
        // Room twice the window's size: iTexCoord's middle half is the window.
        let grown = try effect("""
            void main() {
                vec2 inWindow = iTexCoord.st * 2.0 - 0.5;
                vec4 color = getInputColor(inWindow);
                setOutputColor(color.a > 0.0 ? color : vec4(0.0, 1.0, 0.0, 1.0));
            }
            """, room: (2, 2))
        let image = try frame(grown, opening: false, progress: 0.5)
        assertWindow(image, columns: 40...71, skipping: true)
        // The room: 64×36 about the window's centre, (24, 11) to (87, 46).
        for (x, y) in [(24, 11), (87, 11), (24, 46), (87, 46), (30, 30), (80, 30), (56, 14), (56, 42)] {
            XCTAssertEqual(image[x, y], green, "(\(x), \(y)) in the room")
        }
        for (x, y) in [(23, 30), (88, 30), (56, 10), (56, 47)] {
            XCTAssertEqual(image[x, y], blue, "(\(x), \(y)) beyond the room")
        }
    }

    func testARoomReachingTheOutputGrowsWithItAndTellsItsShaderItsHeight() throws {
        // Doom's: twice the output's height over the window's (54 / 18 = 3), so six window heights, about its middle.
        var melt = try effect("""
            uniform float uActorScale;
            void main() { setOutputColor(abs(uActorScale - 6.0) < 0.01 ? vec4(0.0, 1.0, 0.0, 1.0) : vec4(1.0, 0.0, 0.0, 1.0)); }
            """, room: (1, 2))
        melt.roomReachesOutput = true
        melt.roomUniform = "uActorScale"
        XCTAssertEqual(melt.room(windowHeight: 18, outputHeight: 54).y, 6)
        let image = try frame(melt, opening: false, progress: 0.5)
        for (x, y) in [(50, 3), (50, 52), (41, 30), (70, 45)] { XCTAssertEqual(image[x, y], green, "(\(x), \(y)): in the room, told its height") }
        XCTAssertEqual(image[38, 30], blue, "beside the window: its room is no wider")
    }

    private func assertWindow(_ image: RGBAImage, columns: ClosedRange<Int>, skipping: Bool, line: UInt = #line) {
        for x in columns {
            for y in [21, 30, 37] {
                XCTAssertEqual(image[x, y], x - placed.x < 4 && y - placed.y < 4 ? white : red, "(\(x), \(y))", line: line)
            }
        }
    }

    func testTheHelpersItsShadersCallMeanWhatTheyRelyOn() throws {
        let helpers = try effect("""
            bool near(float a, float b) { return abs(a - b) < 0.002; }
            bool near(vec2 a, vec2 b) { return near(a.x, b.x) && near(a.y, b.y); }
            bool near(vec3 a, vec3 b) { return near(a.xy, b.xy) && near(a.z, b.z); }
            bool near(vec4 a, vec4 b) { return near(a.xyz, b.xyz) && near(a.w, b.w); }
            void main() {
                bool ok = near(easeOutQuad(0.5), 0.75) && near(easeInQuad(0.5), 0.25) && near(easeInOutQuad(0.25), 0.125)
                    && near(easeInCubic(0.5), 0.125) && near(easeOutCubic(0.5), 0.875) && near(easeInOutCubic(0.75), 0.9375)
                    && near(easeInQuart(0.5), 0.0625) && near(easeOutQuart(0.5), 0.9375) && near(easeInOutQuart(0.25), 0.03125)
                    && near(easeInSine(1.0), 1.0) && near(easeOutSine(0.5), 0.70711) && near(easeInOutSine(0.5), 0.5)
                    && near(easeInExpo(0.0), 0.0) && near(easeInExpo(1.0), 1.0) && near(easeOutExpo(0.5), 0.96875)
                    && near(easeInOutExpo(0.5), 0.5) && near(easeInOutExpo(1.0), 1.0)
                    && near(easeInBack(1.0, 1.7), 1.0) && near(easeInBack(0.5, 2.0), -0.125) && near(easeOutBack(0.5, 2.0), 1.125)
                    && near(easeInOutBack(0.0), 0.0) && near(easeInOutBack(1.0), 1.0) && near(easeInOutBack(0.5), 0.5)
                    && near(alphaOver(vec4(1.0, 0.0, 0.0, 1.0), vec4(0.0, 0.0, 1.0, 0.5)), vec4(0.5, 0.0, 0.5, 1.0))
                    && near(alphaOver(vec4(0.0), vec4(0.0)), vec4(0.0))
                    && near(tritone(0.0, vec3(1.0, 0.0, 0.0), vec3(0.0, 1.0, 0.0), vec3(0.0, 0.0, 1.0)), vec3(1.0, 0.0, 0.0))
                    && near(tritone(0.5, vec3(1.0, 0.0, 0.0), vec3(0.0, 1.0, 0.0), vec3(0.0, 0.0, 1.0)), vec3(0.0, 1.0, 0.0))
                    && near(darken(vec3(0.5), 0.5), vec3(0.25)) && near(lighten(vec3(0.5), 0.5), vec3(0.75))
                    && near(offsetHue(vec3(1.0, 0.0, 0.0), 1.0 / 3.0), vec3(0.0, 1.0, 0.0))
                    && near(offsetHue(vec3(0.5, 0.25, 0.25), 0.0), vec3(0.5, 0.25, 0.25))
                    && near(rotate(vec2(1.0, 0.0), 1.5707963), vec2(0.0, 1.0))
                    && near(rotate(vec2(2.0, 1.0), 1.5707963, vec2(1.0, 1.0)), vec2(1.0, 0.0))
                    && near(whirl(vec2(0.5, 0.0), 0.0, 1.5707963), vec2(0.0, 0.5))
                    && near(distToLine(vec2(0.0), vec2(3.0, 0.0), vec2(5.0, 2.0)), 2.0)
                    && getWinding(vec2(1.0, 0.0), vec2(0.0, 1.0)) > 0.0
                    && near(remap(0.5, 0.0, 1.0, 10.0, 20.0), 15.0) && near(remap(2.0, 0.0, 1.0, 10.0, 20.0), 20.0)
                    && near(remap(vec2(0.5), vec2(0.0), vec2(1.0), vec2(0.0), vec2(2.0)), vec2(1.0))
                    && near(getEdgeMask(vec2(5.0), vec2(10.0), 1.0), 1.0) && near(getEdgeMask(vec2(0.0, 5.0), vec2(10.0), 1.0), 0.0)
                    && near(getRelativeEdgeMask(0.01), 1.0) && near(getAbsoluteEdgeMask(0.25, 0.0), 1.0);
                float h = hash12(iTexCoord * 40.0) + hash11(3.7) + hash13(vec3(iTexCoord, 1.0));
                vec4 many = hash44(vec4(1.0, 2.0, 3.0, 4.0)) + hash43(vec3(1.0)) + hash42(vec2(1.0)) + hash41(2.0);
                vec3 more = hash33(vec3(1.0)) + hash32(vec2(1.0)) + hash31(1.0);
                vec2 few = hash22(vec2(1.0)) + hash21(1.0) + hash23(vec3(1.0));
                float noise = simplex2D(iTexCoord * 8.0) + simplex2DFractal(iTexCoord * 8.0) + simplex3D(vec3(iTexCoord * 8.0, 1.0))
                    + simplex3DFractal(vec3(iTexCoord * 8.0, 1.0));
                ok = ok && h >= 0.0 && h < 3.0 && all(greaterThanEqual(many, vec4(0.0))) && all(lessThan(many, vec4(4.0)))
                    && all(greaterThanEqual(more, vec3(0.0))) && all(lessThan(more, vec3(3.0)))
                    && all(greaterThanEqual(few, vec2(0.0))) && all(lessThan(few, vec2(3.0))) && noise >= -0.05 && noise <= 4.05
                    && hash12(vec2(0.25, 0.5)) != hash12(vec2(0.5, 0.25));
                setOutputColor(ok ? vec4(0.0, 1.0, 0.0, 1.0) : vec4(1.0, 0.0, 0.0, 1.0));
            }
            """)
        let image = try frame(helpers, opening: false, progress: 0.5)
        for x in stride(from: 40, through: 71, by: 3) {
            for y in stride(from: 20, through: 37, by: 3) { XCTAssertEqual(image[x, y], green, "(\(x), \(y))") }
        }
    }

    /// A file written against an older interface defines some helpers
    /// itself: its own are used, and Segue's others still work without them.
    func testAHelperTheFileDefinesItselfIsTheFiles() throws {
        let own = try effect("""
            float easeInOutCubic(float x) { return 0.25; }
            vec2 rotate(vec2 a, float angle) { return a; }
            void main() {
                bool ok = easeInOutCubic(1.0) == 0.25 && rotate(vec2(1.0, 0.0), 1.0) == vec2(1.0, 0.0)
                    && abs(whirl(vec2(0.5, 0.0), 0.0, 1.5707963).y - 0.5) < 0.002
                    && abs(easeOutBack(0.5, 2.0) - 1.125) < 0.002 && getRelativeEdgeMask(0.01) == 1.0;
                setOutputColor(ok ? vec4(0.0, 1.0, 0.0, 1.0) : vec4(1.0, 0.0, 0.0, 1.0));
            }
            """)
        XCTAssertEqual(own.source.functions, ["easeInOutCubic", "rotate", "main"])
        XCTAssertEqual(try frame(own, opening: false, progress: 0.5)[50, 30], green)
    }

    func testABlurredInputColorOfAFlatPartIsItsColour() throws {
        let blur = try effect("void main() { setOutputColor(getBlurredInputColor(iTexCoord, 2.0, 3.0)); }")
        let image = try frame(blur, opening: false, progress: 0.5)
        XCTAssertEqual(image[60, 30], red, "red all around")
        XCTAssertNotEqual(image[44, 24], red, "by the white marker: blended with it")
        XCTAssertNotEqual(image[44, 24], white)
    }

    func testASeededParameterIsNewAtEachPlayAndInRange() throws {
        var seeded = try effect("uniform vec2 uSeed;\nvoid main() { setOutputColor(vec4(uSeed, 0.0, 1.0)); }")
        seeded.seeded = ["uSeed"]
        let one = try frame(seeded, opening: false, progress: 0.5, seed: 0.25)[50, 30]
        let other = try frame(seeded, opening: false, progress: 0.5, seed: 0.75)[50, 30]
        XCTAssertNotEqual(one, other, "a new play, new values")
        XCTAssertEqual(one, try frame(seeded, opening: false, progress: 0.5, seed: 0.25)[50, 30], "one play's values hold through it")
    }

    func testAnErrorInTheFileNamesItsOwnLine() throws {
        let broken = try effect("float f() { return 1.0; }\nvoid main() {\n    setOutputColor(vec4(undefined_name));\n}\n")
        XCTAssertThrowsError(try frame(broken, opening: false, progress: 0.5)) { error in
            XCTAssertTrue("\(error)".contains("wipe.frag:3"), "\(error)")
        }
    }
}
