import Foundation
import SegueEngine
import XCTest

final class SpringTests: XCTestCase {
    private let tolerance = Spring.settleTolerance

    private let springs: [Spring] = [
        .settling(in: 0.5, dampingRatio: 0.5, initialVelocity: 0.8),
        .settling(in: 0.4, dampingRatio: 0.1),
        .settling(in: 1, dampingRatio: 0.999, initialVelocity: -2),
        Spring(dampingRatio: 1, initialVelocity: 3, stiffness: 150),
        .settling(in: 0.3, dampingRatio: 1.001, initialVelocity: 1),
        Spring(dampingRatio: 2, initialVelocity: 0, stiffness: 400),
        .settling(in: 2, dampingRatio: 10, initialVelocity: 5),
    ]

    /// Independent reference: fourth-order Runge-Kutta on x'' = −k(x − 1) − 2ζ√k·x'.
    private func integrated(_ spring: Spring, until end: Double, step: Double = 1e-5) -> [(t: Double, x: Double)] {
        let k = spring.stiffness
        let c = 2 * spring.dampingRatio * k.squareRoot()
        func acceleration(_ x: Double, _ v: Double) -> Double { -k * (x - 1) - c * v }
        var x = 0.0
        var v = spring.initialVelocity
        var samples = [(t: 0.0, x: x)]
        let steps = Int((end / step).rounded(.up))
        for n in 1...steps {
            let k1x = v, k1v = acceleration(x, v)
            let k2x = v + step / 2 * k1v, k2v = acceleration(x + step / 2 * k1x, v + step / 2 * k1v)
            let k3x = v + step / 2 * k2v, k3v = acceleration(x + step / 2 * k2x, v + step / 2 * k2v)
            let k4x = v + step * k3v, k4v = acceleration(x + step * k3x, v + step * k3v)
            x += step / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
            v += step / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
            if n % 100 == 0 { samples.append((t: Double(n) * step, x: x)) }
        }
        return samples
    }

    func testPositionMatchesNumericalIntegrationInEveryRegime() {
        for spring in springs {
            for sample in integrated(spring, until: spring.settleDuration) {
                XCTAssertEqual(spring.position(at: sample.t), sample.x, accuracy: 1e-8, "\(spring) at \(sample.t)")
            }
        }
    }

    func testStartsAtZeroWithTheGivenVelocity() {
        for spring in springs {
            XCTAssertEqual(spring.position(at: 0), 0, accuracy: 1e-15)
            let h = 1e-6
            // Second-order one-sided difference, so the start is not sampled on both sides.
            let velocity = (-3 * spring.position(at: 0) + 4 * spring.position(at: h) - spring.position(at: 2 * h)) / (2 * h)
            XCTAssertEqual(velocity, spring.initialVelocity, accuracy: 1e-3, "\(spring)")
        }
    }

    func testUIKitExampleOvershootsByTheAnalyticPeak() {
        let spring = Spring.settling(in: 0.5, dampingRatio: 0.5, initialVelocity: 0.8)
        let decay = spring.dampingRatio * spring.stiffness.squareRoot()
        let damped = spring.stiffness.squareRoot() * (1 - spring.dampingRatio * spring.dampingRatio).squareRoot()
        let sine = spring.initialVelocity - decay
        // x' ∝ v₀·cos θ + (ω_d − a·B/ω_d)·sin θ with θ = ω_d·t; the first zero is the highest peak.
        let phase = Double.pi - atan2(spring.initialVelocity, damped - decay * sine / damped)
        let peakTime = phase / damped
        let expectedPeak = 1 + exp(-decay * peakTime) * (-cos(phase) + sine / damped * sin(phase))
        let sampledPeak = stride(from: 0.0, through: 0.5, by: 1e-5).map(spring.position(at:)).max()!
        XCTAssertGreaterThan(sampledPeak, 1.1)
        XCTAssertEqual(sampledPeak, expectedPeak, accuracy: 1e-8)
        XCTAssertEqual(spring.position(at: peakTime), expectedPeak, accuracy: 1e-12)
    }

    func testOvershootFromRestMatchesTheClassicFormula() {
        let spring = Spring(dampingRatio: 0.5, stiffness: 300)
        let damped = (300.0).squareRoot() * (0.75).squareRoot()
        let expected = 1 + exp(-0.5 * Double.pi / (0.75).squareRoot())
        XCTAssertEqual(spring.position(at: Double.pi / damped), expected, accuracy: 1e-12)
    }

    func testCriticalAndOverdampedSpringsNeverOvershoot() {
        for ratio in [1, 1.001, 2, 5] {
            for velocity in [0, 0.8] {
                let spring = Spring.settling(in: 0.5, dampingRatio: ratio, initialVelocity: velocity)
                for step in 0...2000 {
                    XCTAssertLessThanOrEqual(spring.position(at: Double(step) / 1000), 1, "\(spring)")
                }
            }
        }
    }

    func testStaysWithinToleranceAfterSettleDuration() {
        for spring in springs {
            let settle = spring.settleDuration
            for step in 0...4000 {
                let t = settle + Double(step) / 1000 * settle
                // Where the bound is tight the first sample sits on the tolerance, give or take rounding.
                XCTAssertLessThanOrEqual(abs(spring.position(at: t) - 1), tolerance + 1e-15, "\(spring) at \(t)")
            }
        }
    }

    func testSettleDurationIsNotWildlyPessimistic() {
        for spring in springs {
            let settle = spring.settleDuration
            let lateMotion = stride(from: settle / 2, through: settle, by: settle / 1000)
                .map { abs(spring.position(at: $0) - 1) }.max()!
            XCTAssertGreaterThan(lateMotion, tolerance, "\(spring)")
        }
    }

    func testSettlingInRoundTrips() {
        for ratio in [0.05, 0.5, 0.9, 0.999, 1, 1.001, 2, 10] {
            for velocity in [0, 0.8, 5, -2] {
                for duration in [0.2, 0.5, 2] {
                    let spring = Spring.settling(in: duration, dampingRatio: ratio, initialVelocity: velocity)
                    XCTAssertEqual(spring.settleDuration, duration, accuracy: 1e-9, "\(spring)")
                    XCTAssertEqual(spring.dampingRatio, ratio)
                    XCTAssertEqual(spring.initialVelocity, velocity)
                }
            }
        }
    }

    func testUnderdampedWithoutVelocityMismatchUsesTheBareEnvelope() {
        // With v₀ = ζω₀ the sine term vanishes, leaving e^(−ζω₀t) as the envelope.
        let spring = Spring(dampingRatio: 0.5, initialVelocity: 0.5 * 20, stiffness: 400)
        XCTAssertEqual(spring.settleDuration, -log(tolerance) / (0.5 * 20), accuracy: 1e-12)
    }

    func testRegimesJoinContinuouslyAtCriticalDamping() {
        for velocity in [0, 0.8, 40] {
            let critical = Spring(dampingRatio: 1, initialVelocity: velocity, stiffness: 400)
            for (offset, bound) in [(1e-3, 1e-3), (1e-9, 1e-8)] {
                let under = Spring(dampingRatio: 1 - offset, initialVelocity: velocity, stiffness: 400)
                let over = Spring(dampingRatio: 1 + offset, initialVelocity: velocity, stiffness: 400)
                XCTAssertEqual(under.settleDuration, critical.settleDuration, accuracy: critical.settleDuration * bound * 10)
                XCTAssertEqual(over.settleDuration, critical.settleDuration, accuracy: critical.settleDuration * bound * 10)
                for step in 0...100 {
                    let t = Double(step) / 100 * critical.settleDuration
                    XCTAssertEqual(under.position(at: t), critical.position(at: t), accuracy: bound, "ζ = 1 − \(offset)")
                    XCTAssertEqual(over.position(at: t), critical.position(at: t), accuracy: bound, "ζ = 1 + \(offset)")
                }
            }
        }
    }
}
