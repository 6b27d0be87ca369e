import SegueConfig
import SegueEngine

/// What `check-config` prints for a valid config: what each event plays, each
/// rule, and the other sections.
enum ConfigSummary {
    static func text(_ config: SegueConfig) -> String {
        var lines = ["config: \(config.path ?? "built-in defaults")"]
        for event in TransitionEvent.allCases {
            lines += describe(event, in: config)
        }
        for rule in config.rules {
            lines.append("\(config.describe(rule)): when \(rule.match) → \(rule.choice)")
        }
        let output = config.output
        // What is in force when the file says nothing: the defaults, by value.
        lines.append("output: size \(output.size.map { "\($0.width)x\($0.height)" } ?? "1920x1080 headless, a 1280x720 window nested (default)"), "
                     + "refresh \(output.refresh.map { "\(EffectListing.number($0)) Hz" } ?? "60 Hz headless, the parent's nested (default)"), "
                     + "background \(output.background.map(hex) ?? "#14141a (default)")")
        lines.append("reduce-motion: \(config.reduceMotion ? "on: every transition is a 150 ms crossfade" : "off")")
        lines.append("keys: switch-next \(config.keys.switchNext.map { "\($0)" } ?? "unbound"), switch-prev \(config.keys.switchPrev.map { "\($0)" } ?? "unbound"), "
                     + "switch-previous \(config.keys.switchPrevious.map { "\($0)" } ?? "unbound"), close \(config.keys.close)")
        for effect in config.effects.all where effect.origin == .userShader {
            lines.append("effect \(effect.name): \(effect.source.path)")
        }
        return lines.joined(separator: "\n")
    }

    private static func describe(_ event: TransitionEvent, in config: SegueConfig) -> [String] {
        let origin = config.eventOrigins[event].map { "  # \($0)" } ?? ""
        guard let choice = config.transitions[event] else { return ["\(event.rawValue): nothing"] }
        let direction = event.direction.rawValue
        switch choice.effect {
        case .none:
            return ["\(event.rawValue): none (instant)\(origin)"]
        case .named(let name):
            guard let settings = config.settings(effect: name, choice: choice) else {
                return ["\(event.rawValue): \(name) (not registered)\(origin)"]
            }
            let duration = ChoiceFormat.milliseconds(settings.duration)
            let head = "\(event.rawValue): \(name), \(duration), \(settings.curve), \(direction)\(origin)"
            return [head] + settings.effect.parameters.compactMap { spec in
                settings.values[spec.uniform].map { "    \(spec.name) = \($0)" }
            }
        case .random(let choices):
            let duration = choice.duration.map(ChoiceFormat.milliseconds) ?? "each effect's own duration"
            let curve = choice.curve.map { "\($0)" } ?? "each effect's own curve"
            let among = choices.joined(separator: ", ")
            let head = "\(event.rawValue): random among \(among), \(duration), \(curve), \(direction)\(origin)"
            return [head] + choice.parameters.sorted { $0.key < $1.key }.map { "    \($0.key) = \($0.value)" }
        }
    }

    private static func hex(_ colour: OutputSettings.Colour) -> String {
        "#" + [colour.red, colour.green, colour.blue].map { channel in
            let byte = Int((channel * 255).rounded())
            return String(byte, radix: 16).count == 1 ? "0" + String(byte, radix: 16) : String(byte, radix: 16)
        }.joined()
    }
}
