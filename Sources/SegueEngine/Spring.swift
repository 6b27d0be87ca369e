import Foundation

/// A damped harmonic oscillator of unit mass that carries progress from 0 to rest at 1.
///
/// Displacement from rest is e^(-ζω₀t)·(−C(t) + (v₀ − ζω₀)·S(t)), where C and S are the free
/// oscillator's solutions with C(0) = 1, C'(0) = 0 and S(0) = 0, S'(0) = 1. Writing every regime this
/// way keeps position and settle time continuous as the damping ratio crosses 1.
public struct Spring: Equatable, Hashable, Sendable {
    /// Distance from rest, as a fraction of the whole move, below which the spring counts as settled.
    public static let settleTolerance = 0.001

    public let dampingRatio: Double
    /// Whole distances per second at the start, like UIKit's initialSpringVelocity.
    public let initialVelocity: Double
    /// k in x'' = −k(x − 1) − c·x'; the natural angular frequency is √k.
    public let stiffness: Double
    /// Time after which |position − 1| stays below settleTolerance. Stored because it is found
    /// iteratively and a timing curve reads it every frame.
    public let settleDuration: Double

    public init(dampingRatio: Double, initialVelocity: Double = 0, stiffness: Double) {
        precondition(dampingRatio > 0 && dampingRatio.isFinite, "damping ratio must be positive and finite")
        precondition(initialVelocity.isFinite, "initial velocity must be finite")
        precondition(stiffness > 0 && stiffness.isFinite, "stiffness must be positive and finite")
        self.dampingRatio = dampingRatio
        self.initialVelocity = initialVelocity
        self.stiffness = stiffness
        settleDuration = Self.settleTime(
            dampingRatio: dampingRatio, initialVelocity: initialVelocity, frequency: stiffness.squareRoot())
    }

    /// The spring whose settleDuration equals `duration`.
    public static func settling(in duration: Double, dampingRatio: Double, initialVelocity: Double = 0) -> Spring {
        precondition(duration > 0 && duration.isFinite, "settle duration must be positive and finite")
        func spring(_ frequency: Double) -> Spring {
            Spring(dampingRatio: dampingRatio, initialVelocity: initialVelocity, stiffness: frequency * frequency)
        }
        // Start from the frequency whose slowest decay alone reaches the tolerance at `duration`.
        let guess = -log(settleTolerance) / (duration * decayRate(dampingRatio: dampingRatio, frequency: 1))
        // A stiffer spring settles no later, so bracket the frequency and bisect it to full precision.
        var lower = guess
        while spring(lower).settleDuration <= duration { lower /= 2 }
        var upper = guess
        while spring(upper).settleDuration > duration { upper *= 2 }
        while true {
            let mid = (lower + upper) / 2
            guard lower < mid, mid < upper else { break }
            if spring(mid).settleDuration > duration { lower = mid } else { upper = mid }
        }
        let candidates = [spring(lower), spring(upper)]
        return candidates.min { abs($0.settleDuration - duration) < abs($1.settleDuration - duration) }!
    }

    /// Progress at `t` seconds; starts at 0 with initialVelocity and may overshoot 1.
    public func position(at t: Double) -> Double {
        let zeta = dampingRatio
        let omega = stiffness.squareRoot()
        let sine = initialVelocity - zeta * omega
        if zeta < 1 {
            let damped = omega * ((1 - zeta) * (1 + zeta)).squareRoot()
            return 1 + exp(-zeta * omega * t) * (-cos(damped * t) + sine * sin(damped * t) / damped)
        }
        if zeta == 1 {
            return 1 + exp(-omega * t) * (-1 + sine * t)
        }
        let overdamped = Self.overdampedTerms(at: t, dampingRatio: zeta, frequency: omega)
        return 1 + overdamped.decay * (-overdamped.cosh + sine * overdamped.sinh)
    }

    /// Slowest exponential decay rate of the motion.
    private static func decayRate(dampingRatio zeta: Double, frequency omega: Double) -> Double {
        zeta <= 1 ? zeta * omega : omega / (zeta + ((zeta - 1) * (zeta + 1)).squareRoot())
    }

    /// e^(-ζω₀t)·cosh(γt) and e^(-ζω₀t)·sinh(γt)/γ, split as decay · term. Factoring out the slow
    /// exponential and using expm1 avoids overflow for large t and cancellation when γ is tiny.
    private static func overdampedTerms(
        at t: Double, dampingRatio zeta: Double, frequency omega: Double
    ) -> (decay: Double, cosh: Double, sinh: Double) {
        let gamma = omega * ((zeta - 1) * (zeta + 1)).squareRoot()
        let fold = expm1(-2 * gamma * t)
        return (exp(-decayRate(dampingRatio: zeta, frequency: omega) * t), 1 + fold / 2, -fold / (2 * gamma))
    }

    /// An upper bound on |position(t) − 1|: |cos| ≤ 1 and |sin(ω_d t)/ω_d| ≤ min(t, 1/ω_d).
    private static func envelope(
        at t: Double, dampingRatio zeta: Double, initialVelocity: Double, frequency omega: Double
    ) -> Double {
        let sine = abs(initialVelocity - zeta * omega)
        if zeta < 1 {
            let damped = omega * ((1 - zeta) * (1 + zeta)).squareRoot()
            return exp(-zeta * omega * t) * (1 + sine * min(t, 1 / damped))
        }
        if zeta == 1 {
            return exp(-omega * t) * (1 + sine * t)
        }
        let overdamped = overdampedTerms(at: t, dampingRatio: zeta, frequency: omega)
        return overdamped.decay * (overdamped.cosh + sine * overdamped.sinh)
    }

    /// The envelope starts at 1, rises at most once and then falls for good, so it crosses the
    /// tolerance exactly once; bisection finds that crossing to full precision.
    private static func settleTime(dampingRatio zeta: Double, initialVelocity: Double, frequency omega: Double) -> Double {
        func unsettled(_ t: Double) -> Bool {
            envelope(at: t, dampingRatio: zeta, initialVelocity: initialVelocity, frequency: omega) >= settleTolerance
        }
        var upper = 1 / decayRate(dampingRatio: zeta, frequency: omega)
        while unsettled(upper) { upper *= 2 }
        var lower = 0.0
        while true {
            let mid = (lower + upper) / 2
            guard lower < mid, mid < upper else { break }
            if unsettled(mid) { lower = mid } else { upper = mid }
        }
        return upper
    }
}
