import Foundation

/// How a transition's progress follows elapsed time.
public enum TimingCurve: Equatable, Hashable, Sendable, CustomStringConvertible {
    case linear
    case cubicBezier(CubicBezier)
    case spring(Spring)

    public static let ease = TimingCurve.cubicBezier(.ease)
    public static let easeIn = TimingCurve.cubicBezier(.easeIn)
    public static let easeOut = TimingCurve.cubicBezier(.easeOut)
    public static let easeInOut = TimingCurve.cubicBezier(.easeInOut)

    private static let keywords: [(name: String, curve: TimingCurve)] = [
        ("linear", .linear), ("ease", .ease), ("ease-in", .easeIn), ("ease-out", .easeOut), ("ease-in-out", .easeInOut),
    ]

    private static let validForms =
        "valid forms: linear, ease, ease-in, ease-out, ease-in-out, cubic-bezier(x1, y1, x2, y2) with x1 and x2 in 0...1"

    /// Progress at `fraction` = elapsed / duration. Exactly 0 and 1 at the ends so a transition
    /// always starts and finishes on its true endpoints; a spring is snapped to rest at the end.
    public func progress(atFraction fraction: Double) -> Double {
        guard fraction > 0 else { return 0 }
        guard fraction < 1 else { return 1 }
        switch self {
        case .linear:
            return fraction
        case .cubicBezier(let curve):
            return curve.value(at: fraction)
        case .spring(let spring):
            // The spring's settle duration is stretched onto the transition's duration.
            return spring.position(at: fraction * spring.settleDuration)
        }
    }

    /// The duration the curve would pick for itself: a spring's settle time, nil for curves that scale to any duration.
    public var naturalDuration: Double? {
        if case .spring(let spring) = self { return spring.settleDuration }
        return nil
    }

    /// Reads the CSS forms written by `description` (springs excepted); keywords are case-insensitive.
    public static func parse(_ text: String) throws(TimingCurveError) -> TimingCurve {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        if let keyword = keywords.first(where: { $0.name == trimmed }) {
            return keyword.curve
        }
        let function = "cubic-bezier"
        guard trimmed.hasPrefix(function) else {
            throw TimingCurveError(message: "unknown timing curve \"\(text)\"; \(validForms)")
        }
        let arguments = trimmed.dropFirst(function.count).trimmingCharacters(in: .whitespaces)
        guard arguments.hasPrefix("("), arguments.hasSuffix(")") else {
            throw TimingCurveError(message: "cubic-bezier needs its numbers in parentheses in \"\(text)\"; \(validForms)")
        }
        let parts = arguments.dropFirst().dropLast().split(separator: ",", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.count == 4 else {
            throw TimingCurveError(message: "cubic-bezier takes 4 numbers but \"\(text)\" has \(parts.count); \(validForms)")
        }
        var values: [Double] = []
        for (name, part) in zip(["x1", "y1", "x2", "y2"], parts) {
            guard let value = Double(part), value.isFinite else {
                throw TimingCurveError(message: "cubic-bezier \(name) \"\(part)\" is not a finite number; \(validForms)")
            }
            values.append(value)
        }
        guard let curve = CubicBezier(values[0], values[1], values[2], values[3]) else {
            throw TimingCurveError(
                message: "cubic-bezier x1 (\(values[0])) and x2 (\(values[2])) must lie in 0...1; \(validForms)")
        }
        return .cubicBezier(curve)
    }

    public var description: String {
        switch self {
        case .linear:
            return "linear"
        case .cubicBezier(let curve):
            if let keyword = Self.keywords.first(where: { $0.curve == self }) {
                return keyword.name
            }
            return "cubic-bezier(\(curve.x1), \(curve.y1), \(curve.x2), \(curve.y2))"
        case .spring(let spring):
            // A stiffness worked out from a settle duration is a long fraction: a tenth says it.
            let stiffness = String(format: "%g", (spring.stiffness * 10).rounded() / 10)
            return "spring(damping: \(spring.dampingRatio), stiffness: \(stiffness), velocity: \(spring.initialVelocity))"
        }
    }
}
