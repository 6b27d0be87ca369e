import SegueEngine
import XCTest

final class CubicBezierTests: XCTestCase {
    private let presets: [CubicBezier] = [.ease, .easeIn, .easeOut, .easeInOut]

    /// Independent reference: Bernstein form, solved for t by plain bisection to Double resolution.
    private func reference(_ curve: CubicBezier, at x: Double) -> Double {
        func bernstein(_ t: Double, _ p1: Double, _ p2: Double) -> Double {
            let s = 1 - t
            return 3 * s * s * t * p1 + 3 * s * t * t * p2 + t * t * t
        }
        var lower = 0.0
        var upper = 1.0
        for _ in 0..<200 {
            let mid = (lower + upper) / 2
            if bernstein(mid, curve.x1, curve.x2) < x { lower = mid } else { upper = mid }
        }
        return bernstein((lower + upper) / 2, curve.y1, curve.y2)
    }

    func testPresetsMatchCSS() {
        XCTAssertEqual([CubicBezier.ease.x1, CubicBezier.ease.y1, CubicBezier.ease.x2, CubicBezier.ease.y2], [0.25, 0.1, 0.25, 1])
        XCTAssertEqual(CubicBezier.easeIn, CubicBezier(0.42, 0, 1, 1))
        XCTAssertEqual(CubicBezier.easeOut, CubicBezier(0, 0, 0.58, 1))
        XCTAssertEqual(CubicBezier.easeInOut, CubicBezier(0.42, 0, 0.58, 1))
    }

    func testEaseInOutIsHalfwayAtHalfTime() {
        XCTAssertEqual(CubicBezier.easeInOut.value(at: 0.5), 0.5, accuracy: 1e-6)
    }

    func testEaseInAtHalfTimeMatchesReference() {
        let expected = reference(.easeIn, at: 0.5)
        XCTAssertEqual(expected, 0.3153, accuracy: 1e-4)
        XCTAssertEqual(CubicBezier.easeIn.value(at: 0.5), expected, accuracy: 1e-9)
    }

    func testPresetsMatchReferenceAcrossTheRange() {
        for curve in presets {
            for step in 0...100 {
                let x = Double(step) / 100
                XCTAssertEqual(curve.value(at: x), reference(curve, at: x), accuracy: 1e-9, "\(curve) at \(x)")
            }
        }
    }

    func testSteepAndFlatCurvesStillSolve() {
        let curves = [CubicBezier(0, 1, 0, 1)!, CubicBezier(1, 0, 1, 0)!, CubicBezier(0.9, -0.5, 0.1, 1.5)!]
        for curve in curves {
            // Endpoints are covered separately; a flat end stalls the reference bisection just short of 1.
            for step in 1..<200 {
                let x = Double(step) / 200
                XCTAssertEqual(curve.value(at: x), reference(curve, at: x), accuracy: 1e-6, "\(curve) at \(x)")
            }
        }
    }

    func testEndpointsAreExactAndInputIsClamped() {
        for curve in presets + [CubicBezier(0.9, -0.5, 0.1, 1.5)!] {
            XCTAssertEqual(curve.value(at: 0), 0)
            XCTAssertEqual(curve.value(at: 1), 1)
            XCTAssertEqual(curve.value(at: -3), 0)
            XCTAssertEqual(curve.value(at: 7), 1)
        }
    }

    func testPresetsNeverGoBackwards() {
        for curve in presets {
            var previous = 0.0
            for step in 0...1000 {
                let value = curve.value(at: Double(step) / 1000)
                XCTAssertGreaterThanOrEqual(value, previous, "\(curve) at step \(step)")
                previous = value
            }
        }
    }

    func testRejectsControlPointsThatWouldRunTimeBackwards() {
        XCTAssertNil(CubicBezier(-0.1, 0, 1, 1))
        XCTAssertNil(CubicBezier(0, 0, 1.1, 1))
        XCTAssertNil(CubicBezier(0.5, .nan, 0.5, 1))
        XCTAssertNil(CubicBezier(0.5, 0, 0.5, .infinity))
        XCTAssertNotNil(CubicBezier(0, -2, 1, 3))
    }
}
