import SegueEngine

extension TransitionChoice.Effect: CustomStringConvertible {
    public var description: String {
        switch self {
        case .named(let name): name
        case .random(let choices): "random among " + choices.joined(separator: ", ")
        case .none: "none"
        }
    }
}

extension PartialChoice: CustomStringConvertible {
    /// The keys as a config would write them, e.g. `effect = slide, duration = 300 ms`.
    public var description: String {
        var parts: [String] = []
        if let effect { parts.append("effect = \(effect)") }
        if let duration { parts.append("duration = \(ChoiceFormat.milliseconds(duration))") }
        if let curve { parts.append("curve = \(curve)") }
        parts += parameters.sorted { $0.key < $1.key }.map { "\($0.key) = \($0.value)" }
        return parts.isEmpty ? "nothing" : parts.joined(separator: ", ")
    }
}

/// How durations read in summaries.
public enum ChoiceFormat {
    public static func milliseconds(_ seconds: Double) -> String {
        "\(Int((seconds * 1000).rounded())) ms"
    }
}
