import Foundation
import SegueConfig
import SegueEngine
import SegueRender

/// The machine-readable form of `segue effects --json`.
enum EffectListing {
    /// Each effect as it plays (its config's `[effects.NAME]` defaults over
    /// its own); with `forms`, each timed effect also says the form drawn and what each cost.
    static func json(_ effects: [EffectSettings], forms: [String: FormChoice] = [:]) throws -> String {
        let list: [[String: Any]] = effects.map { played in
            let effect = played.effect
            var entry: [String: Any] = [
                "name": effect.name,
                "summary": effect.summary,
                "duration_ms": Int((played.duration * 1000).rounded()),
                "curve": played.curve.description,
                "source": effect.source.path,
                "format": effect.source.interface.rawValue,
                "origin": Self.origin(of: effect),
                "parameters": effect.parameters.map { p -> [String: Any] in
                    let value = played.values[p.uniform] ?? p.defaultValue
                    var entry: [String: Any] = [
                        "name": p.name, "uniform": p.uniform, "type": p.type.rawValue,
                        "default": p.type.componentCount == 1 && p.type != .bool
                            ? value.components[0] as Any : value.components as Any,
                        "summary": p.summary,
                    ]
                    if p.type == .bool { entry["default"] = value.boolValue }
                    if p.type == .image { entry["default"] = value.path as Any }
                    if let r = p.range { entry["range"] = [r.lowerBound, r.upperBound] }
                    return entry
                },
            ]
            if let choice = forms[effect.name] {
                entry["form"] = "\(choice.form)"
                entry["layers_ms"] = choice.layersMilliseconds
                entry["shader_ms"] = choice.shaderMilliseconds
            }
            return entry
        }
        let data = try JSONSerialization.data(withJSONObject: list, options: [.prettyPrinted, .sortedKeys])
        return String(decoding: data, as: UTF8.self)
    }

    /// Where an effect came from: `builtin`, `user` (a file the config names) or `swift` (an embedder's).
    static func origin(of effect: EffectDescriptor) -> String {
        switch effect.origin {
        case .builtin: "builtin"
        case .userShader: "user"
        case .swift: "swift"
        }
    }

    /// `gl-transitions, built in`; `niri open, from /home/me/open.glsl`.
    static func format(of effect: EffectDescriptor) -> String {
        let format = effect.source.interface.rawValue
        switch effect.origin {
        case .builtin: return "\(format), built in"
        case .userShader: return "\(format), from \(effect.source.path)"
        case .swift: return "\(format), registered from Swift"
        }
    }

    /// 1.0 → "1", 0.35 → "0.35".
    static func number(_ x: Double) -> String {
        x == x.rounded() ? String(Int(x)) : String(x)
    }
}
