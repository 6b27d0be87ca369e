import SegueConfig
import SegueEngine
import XCTest

/// `[transitions.resize]`: a crossfading move of 250 ms with ease-out,
/// waiting up to 150 ms for the new buffer, unless the file says otherwise;
/// each mistake reported where the file makes it, the rest kept.
final class ResizeConfigTests: XCTestCase {
    func testAResizeCrossfadesOverAQuarterSecondAndWaitsUpToAHundredAndFiftyMilliseconds() throws {
        let resize = try ConfigFixture.config("").resize
        XCTAssertTrue(resize.animates)
        XCTAssertEqual(resize.duration, 0.25)
        XCTAssertEqual(resize.curve, .easeOut)
        XCTAssertEqual(resize.wait, 0.15)
    }

    func testEachKeyIsRead() throws {
        let resize = try ConfigFixture.config("""
            [transitions.resize]
            effect = "none"
            duration = "400ms"
            easing = "linear"
            wait = "0ms"
            """).resize
        XCTAssertFalse(resize.animates)
        XCTAssertEqual(resize.duration, 0.4)
        XCTAssertEqual(resize.curve, .linear)
        XCTAssertEqual(resize.wait, 0, "no wait: new states show with the next commit")
    }

    func testASpringWithoutADurationLastsUntilItSettles() throws {
        let resize = try ConfigFixture.config("""
            [transitions.resize]
            spring = { damping = 0.7, duration = "500ms" }
            """).resize
        guard case .spring(let spring) = resize.curve else { return XCTFail("\(resize.curve)") }
        XCTAssertEqual(resize.duration, spring.settleDuration)
        XCTAssertEqual(resize.duration, 0.5, accuracy: 0.01)
    }

    func testMistakesAreReportedWithTheirPlaceAndASuggestion() {
        XCTAssertEqual(ConfigFixture.problems("""
            [transitions.resize]
            effect = "crossfad"
            """), ["2:10: a resize plays \"crossfade\", \"none\" or a niri resize shader (resize_color), not 'crossfad'; did you mean 'crossfade'?"])
        XCTAssertEqual(ConfigFixture.problems("""
            [transitions.resize]
            easing = "linear"
            spring = { damping = 0.5 }
            """).count, 1, "an easing or a spring, not both")
        XCTAssertEqual(ConfigFixture.problems("""
            [transitions.resize]
            wiat = "10ms"
            """).count, 1)
        XCTAssertEqual(ConfigFixture.problems("""
            [transitions.resiz]
            """).count, 1, "no such event")
    }
}
