import SegueConfig
import SegueEngine
import SegueIPC

/// A config's choices as `segue msg config` gives them to scripts: each key a
/// JSON value of its own kind (durations in milliseconds, parameters as
/// numbers, booleans and arrays), only the keys that were set.
enum ConfigJSON {
    /// An event's choice, or the keys a rule sets.
    static func choice(_ choice: TransitionChoice) -> [String: JSONValue] {
        self.choice(PartialChoice(effect: choice.effect, duration: choice.duration, curve: choice.curve, parameters: choice.parameters))
    }

    static func choice(_ partial: PartialChoice) -> [String: JSONValue] {
        var fields = partial.effect.map(effect) ?? [:]
        if let duration = partial.duration { fields["duration_ms"] = .number((duration * 1000).rounded()) }
        if let curve = partial.curve { fields["curve"] = .string("\(curve)") }
        if !partial.parameters.isEmpty { fields["parameters"] = .object(partial.parameters.mapValues(value)) }
        return fields
    }

    /// `[switcher]` as the config writes it: durations in ms, chords as text.
    static func switcher(_ settings: SwitcherSettings) -> JSONValue {
        let colour = settings.highlight
        let hex = [colour.red, colour.green, colour.blue].map { String(format: "%02x", Int(($0 * 255).rounded())) }.joined()
        func chords(_ list: [KeyChord]) -> JSONValue { .array(list.map { .string($0.text) }) }
        return .object([
            "enabled": .bool(settings.enabled), "debounce_ms": .number((settings.debounce * 1000).rounded()),
            "open_delay_ms": .number((settings.openDelay * 1000).rounded()), "max_height": .number(Double(settings.maxHeight)),
            "max_scale": .number(settings.maxScale), "highlight": .string("#" + hex), "padding": .number(Double(settings.padding)),
            "radius": .number(Double(settings.radius)), "dim": .number(settings.dim), "filter": .string(settings.filter.rawValue),
            "scope": .string(settings.scope.rawValue),
            "next": chords(settings.next), "prev": chords(settings.prev),
            "next_same_app": chords(settings.nextSameApp), "prev_same_app": chords(settings.prevSameApp),
        ])
    }

    /// `[layers]` and the rules by namespace, as the config writes them.
    static func layers(_ settings: LayerSettings) -> JSONValue {
        .object([
            "effect": .string(settings.effect.rawValue), "duration_ms": .number((settings.duration * 1000).rounded()),
            "curve": .string("\(settings.curve)"), "popup_duration_ms": .number((settings.popupDuration * 1000).rounded()),
            "rules": .array(settings.rules.map { rule in
                var fields: [String: JSONValue] = ["namespace": .string("\(rule.namespace)")]
                if let effect = rule.effect { fields["effect"] = .string(effect.rawValue) }
                if let duration = rule.duration { fields["duration_ms"] = .number((duration * 1000).rounded()) }
                if let curve = rule.curve { fields["curve"] = .string("\(curve)") }
                return .object(fields)
            }),
        ])
    }

    /// `[transitions.resize]` as the config writes it.
    static func resize(_ settings: ResizeSettings) -> JSONValue {
        .object([
            "effect": .string(settings.animates ? "crossfade" : "none"), "duration_ms": .number((settings.duration * 1000).rounded()),
            "curve": .string("\(settings.curve)"), "wait_ms": .number((settings.wait * 1000).rounded()),
        ])
    }

    /// What a rule matches: its keys as the config names them.
    static func match(_ match: RuleMatch) -> JSONValue {
        var fields: [String: JSONValue] = [:]
        if let glob = match.appID { fields["app-id"] = .string(glob.description) }
        if let glob = match.title { fields["title"] = .string(glob.description) }
        if let glob = match.fromAppID { fields["from-app-id"] = .string(glob.description) }
        if let glob = match.fromTitle { fields["from-title"] = .string(glob.description) }
        if let glob = match.toAppID { fields["to-app-id"] = .string(glob.description) }
        if let glob = match.toTitle { fields["to-title"] = .string(glob.description) }
        if let event = match.event { fields["event"] = .string(event.rawValue) }
        return .object(fields)
    }

    private static func effect(_ effect: TransitionChoice.Effect) -> [String: JSONValue] {
        switch effect {
        case .named(let name): ["effect": .string(name)]
        case .random(let choices): ["effect": "random", "choices": .array(choices.map(JSONValue.string))]
        case .none: ["effect": "none"]
        }
    }

    private static func value(_ value: ParameterValue) -> JSONValue {
        switch value.type {
        case .image: value.path.map(JSONValue.string) ?? .null
        case .bool: .bool(value.boolValue)
        default: value.components.count == 1 ? .number(value.components[0]) : .array(value.components.map(JSONValue.number))
        }
    }
}
