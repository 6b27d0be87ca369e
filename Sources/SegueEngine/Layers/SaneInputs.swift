/// What layered effects read, made drawable: parameters within their declared
/// ranges, progress within an effect's reach.
extension [String: ParameterValue] {
    /// A parameter's components as the layered form reads them: the effect's
    /// default where the value is missing, the wrong size or not finite, and
    /// within the range the shader declares.
    func numbers(_ uniform: String, or fallback: [Double], in range: ClosedRange<Double> = 0...1) -> [Double] {
        guard let components = self[uniform]?.components, components.count == fallback.count,
              components.allSatisfy(\.isFinite) else { return fallback }
        return components.map { Swift.min(Swift.max($0, range.lowerBound), range.upperBound) }
    }

    func number(_ uniform: String, or fallback: Double, in range: ClosedRange<Double>) -> Double {
        numbers(uniform, or: [fallback], in: range)[0]
    }
}

extension EffectLayer.Content {
    /// A colour from three components.
    static func color(_ rgb: [Double]) -> EffectLayer.Content {
        .color(red: rgb[0], green: rgb[1], blue: rgb[2])
    }
}

extension Double {
    /// A progress an effect can draw: within `range` (as far as its overshoot
    /// goes), infinities at its ends, NaN as the end of the transition.
    func clamped(to range: ClosedRange<Double>) -> Double {
        isNaN ? 1 : Swift.min(Swift.max(self, range.lowerBound), range.upperBound)
    }
}
