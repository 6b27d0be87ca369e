import SegueEngine
import XCTest

final class TimingCurveTests: XCTestCase {
    private let uikitSpring = Spring.settling(in: 0.5, dampingRatio: 0.5, initialVelocity: 0.8)

    private var everyCase: [TimingCurve] {
        [.linear, .ease, .easeIn, .easeOut, .easeInOut, .cubicBezier(CubicBezier(0.9, -0.5, 0.1, 1.5)!),
         .spring(uikitSpring), .spring(Spring(dampingRatio: 2, stiffness: 50))]
    }

    func testEndpointsAreExactForEveryCase() {
        for curve in everyCase {
            XCTAssertEqual(curve.progress(atFraction: 0), 0, "\(curve)")
            XCTAssertEqual(curve.progress(atFraction: 1), 1, "\(curve)")
            XCTAssertEqual(curve.progress(atFraction: -0.5), 0, "\(curve)")
            XCTAssertEqual(curve.progress(atFraction: 1.5), 1, "\(curve)")
            XCTAssertEqual(curve.progress(atFraction: .nan), 0, "\(curve)")
        }
    }

    func testLinearAndBezierEvaluateTheirCurve() {
        XCTAssertEqual(TimingCurve.linear.progress(atFraction: 0.3), 0.3)
        XCTAssertEqual(TimingCurve.easeIn.progress(atFraction: 0.5), CubicBezier.easeIn.value(at: 0.5))
    }

    func testSpringSettleDurationMapsOntoTheTransition() {
        let curve = TimingCurve.spring(uikitSpring)
        XCTAssertEqual(curve.progress(atFraction: 0.25), uikitSpring.position(at: 0.125))
        XCTAssertGreaterThan((1..<100).map { curve.progress(atFraction: Double($0) / 100) }.max()!, 1)
    }

    func testOnlySpringsHaveANaturalDuration() {
        XCTAssertEqual(TimingCurve.spring(uikitSpring).naturalDuration, uikitSpring.settleDuration)
        XCTAssertNil(TimingCurve.linear.naturalDuration)
        XCTAssertNil(TimingCurve.ease.naturalDuration)
    }

    func testParsesKeywordsWithAnyCaseAndSpacing() throws {
        XCTAssertEqual(try TimingCurve.parse("linear"), .linear)
        XCTAssertEqual(try TimingCurve.parse("ease"), .ease)
        XCTAssertEqual(try TimingCurve.parse(" Ease-In "), .easeIn)
        XCTAssertEqual(try TimingCurve.parse("ease-out\n"), .easeOut)
        XCTAssertEqual(try TimingCurve.parse("EASE-IN-OUT"), .easeInOut)
    }

    func testParsesCubicBezierWithLooseWhitespace() throws {
        XCTAssertEqual(try TimingCurve.parse("cubic-bezier(0.1, 0.7, 1.0, 0.1)"), .cubicBezier(CubicBezier(0.1, 0.7, 1, 0.1)!))
        XCTAssertEqual(try TimingCurve.parse("  cubic-bezier ( 0.1 ,0.7,1,  -0.1 ) "), .cubicBezier(CubicBezier(0.1, 0.7, 1, -0.1)!))
        XCTAssertEqual(try TimingCurve.parse("cubic-bezier(0.42,0,1,1)"), .easeIn)
    }

    func testDescriptionParsesBackToTheSameCurve() throws {
        for curve in everyCase where curve.naturalDuration == nil {
            XCTAssertEqual(try TimingCurve.parse(curve.description), curve)
        }
        XCTAssertEqual(TimingCurve.easeInOut.description, "ease-in-out")
        XCTAssertEqual(TimingCurve.cubicBezier(CubicBezier(0.1, 0.7, 1, 0.1)!).description, "cubic-bezier(0.1, 0.7, 1.0, 0.1)")
    }

    func testSpringDescriptionNamesItsParameters() {
        let spring = Spring(dampingRatio: 0.5, initialVelocity: 0.8, stiffness: 123.4)
        XCTAssertEqual(TimingCurve.spring(spring).description, "spring(damping: 0.5, stiffness: 123.4, velocity: 0.8)")
    }

    private func parseError(_ text: String) -> String? {
        do {
            _ = try TimingCurve.parse(text)
            return nil
        } catch {
            return error.message
        }
    }

    func testRejectsMalformedTextNamingTheProblem() throws {
        let cases: [(text: String, problem: String)] = [
            ("bounce", "unknown timing curve \"bounce\""),
            ("", "unknown timing curve \"\""),
            ("cubic-bezier 0.1, 0.7, 1, 0.1", "parentheses"),
            ("cubic-bezier(0.1, 0.7, 1)", "takes 4 numbers but \"cubic-bezier(0.1, 0.7, 1)\" has 3"),
            ("cubic-bezier(0.1, 0.7, 1, 0.1, 0)", "has 5"),
            ("cubic-bezier(0.1, fast, 1, 0.1)", "y1 \"fast\" is not a finite number"),
            ("cubic-bezier(0.1, 0.7, , 0.1)", "x2 \"\" is not a finite number"),
            ("cubic-bezier(nan, 0.7, 1, 0.1)", "x1 \"nan\" is not a finite number"),
            ("cubic-bezier(1.5, 0, 0, 1)", "x1 (1.5) and x2 (0.0) must lie in 0...1"),
            ("cubic-bezier(0, 0, -0.2, 1)", "must lie in 0...1"),
        ]
        for (text, problem) in cases {
            let message = try XCTUnwrap(parseError(text), text)
            XCTAssertTrue(message.contains(problem), message)
            XCTAssertTrue(message.contains("valid forms: linear, ease, ease-in, ease-out, ease-in-out, cubic-bezier(x1, y1, x2, y2)"), message)
        }
    }
}
