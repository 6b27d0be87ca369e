/// A CSS / Core Animation cubic Bézier timing function running from (0, 0) to (1, 1).
public struct CubicBezier: Equatable, Hashable, Sendable {
    public let x1: Double
    public let y1: Double
    public let x2: Double
    public let y2: Double

    public static let ease = CubicBezier(unchecked: 0.25, 0.1, 0.25, 1)
    public static let easeIn = CubicBezier(unchecked: 0.42, 0, 1, 1)
    public static let easeOut = CubicBezier(unchecked: 0, 0, 0.58, 1)
    public static let easeInOut = CubicBezier(unchecked: 0.42, 0, 0.58, 1)

    /// Solving stops once x(t) is this close; far below anything a frame can show.
    private static let epsilon = 1e-12

    /// Fails when x1 or x2 leaves 0...1 (time would run backwards along the curve) or any value is not finite.
    public init?(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        guard [x1, y1, x2, y2].allSatisfy(\.isFinite), (0...1).contains(x1), (0...1).contains(x2) else {
            return nil
        }
        self.init(unchecked: x1, y1, x2, y2)
    }

    private init(unchecked x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        self.x1 = x1
        self.y1 = y1
        self.x2 = x2
        self.y2 = y2
    }

    /// The curve's y where its x equals `x`; x is clamped to 0...1 and the endpoints are exact.
    public func value(at x: Double) -> Double {
        guard x > 0 else { return 0 }
        guard x < 1 else { return 1 }
        return Self.sample(solveParameter(forX: x), p1: y1, p2: y2)
    }

    /// Newton-Raphson converges in a few steps on most curves; bisection catches flat spots, as in WebKit's UnitBezier.
    private func solveParameter(forX x: Double) -> Double {
        var t = x
        for _ in 0..<8 {
            let error = Self.sample(t, p1: x1, p2: x2) - x
            if abs(error) < Self.epsilon { return t }
            let slope = Self.slope(t, p1: x1, p2: x2)
            if abs(slope) < 1e-6 { break }
            t -= error / slope
            if !(0...1).contains(t) { break }
        }
        // x(t) never decreases while x1 and x2 lie in 0...1, so bisection always closes in.
        var lower = 0.0
        var upper = 1.0
        for _ in 0..<64 {
            let mid = (lower + upper) / 2
            let error = Self.sample(mid, p1: x1, p2: x2) - x
            if abs(error) < Self.epsilon { return mid }
            if error < 0 { lower = mid } else { upper = mid }
        }
        return (lower + upper) / 2
    }

    /// One coordinate of the curve in polynomial form, with endpoints fixed at 0 and 1.
    private static func sample(_ t: Double, p1: Double, p2: Double) -> Double {
        let c = 3 * p1
        let b = 3 * (p2 - p1) - c
        let a = 1 - c - b
        return ((a * t + b) * t + c) * t
    }

    private static func slope(_ t: Double, p1: Double, p2: Double) -> Double {
        let c = 3 * p1
        let b = 3 * (p2 - p1) - c
        let a = 1 - c - b
        return (3 * a * t + 2 * b) * t + c
    }
}
