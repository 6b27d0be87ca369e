import SegueEngine

extension SegueConfig {
    /// What to play when `event` changes the shown window from `from` to `to`:
    /// the event's choice with the most specific matching rule's keys over it.
    public func resolve(event: TransitionEvent, from: WindowInfo?, to: WindowInfo?, workspaces: (from: Int, to: Int)? = nil,
                        random: inout some RandomNumberGenerator) -> Resolution {
        let rule = matchingRule(event: event, from: from, to: to, workspaces: workspaces)
        var choice = transitions[event] ?? Self.defaultChoice(for: event)
        if let rule { choice = choice.applying(rule.choice) }
        let reason = rule.map(describe) ?? eventOrigins[event] ?? "[transitions.\(event.rawValue)]"
        let name: String? = switch choice.effect {
        case .named(let name): name
        case .random(let choices): choices.randomElement(using: &random)
        case .none: nil
        }
        let played = name.flatMap { self.settings(effect: $0, choice: choice) }
        return reducingMotion(Resolution(settings: played, direction: event.direction, rule: rule, reason: reason))
    }

    /// `resolution` as reduce-motion plays it, whatever asked for it (the
    /// config, a key, `segue msg switch --effect`, segue-transition-v1, a
    /// hand): any effect becomes a short crossfade; an instant change has no
    /// motion to reduce and stays instant.
    public func reducingMotion(_ resolution: Resolution) -> Resolution {
        guard reduceMotion, resolution.settings != nil else { return resolution }
        var crossfade = effects[Self.reducedMotionEffect].map { EffectSettings($0) }
        crossfade?.duration = Self.reducedMotionDuration
        crossfade?.curve = .easeInOut
        var reduced = Resolution(settings: crossfade, direction: resolution.direction, rule: nil, reason: "reduce-motion")
        reduced.motionReduced = true
        return reduced
    }

    /// The matching rule with the most match keys; of equals, the later one.
    /// A rule that only places windows (`workspace` and nothing to play) chooses no transition.
    public func matchingRule(event: TransitionEvent, from: WindowInfo?, to: WindowInfo?, workspaces: (from: Int, to: Int)? = nil) -> Rule? {
        rules.filter {
            ($0.workspace == nil || $0.choice != PartialChoice()) && $0.match.matches(event: event, from: from, to: to, workspaces: workspaces)
        }
            .max { ($0.match.specificity, $0.index) < ($1.match.specificity, $1.index) }
    }

    /// The workspace a window opening goes to, from the most specific matching rule that says one.
    public func workspace(forOpening window: WindowInfo) -> Int? {
        rules.filter { $0.workspace != nil && $0.match.matches(event: .open, from: nil, to: window) }
            .max { ($0.match.specificity, $0.index) < ($1.match.specificity, $1.index) }?.workspace
    }

    /// `rule 2 (config.toml:14)`, counting rules from 1 as people do.
    public func describe(_ rule: Rule) -> String {
        let file = path.map { String($0.split(separator: "/").last ?? Substring($0)) } ?? "config"
        return "rule \(rule.index + 1) (\(file):\(rule.line))"
    }
}

extension SegueConfig {
    /// Every effect a transition can play as the config stands, each once:
    /// each event's choice (its default where the file sets none), each
    /// rule's, every pick of a `random`; with reduce-motion, the crossfade alone.
    public var effectsInUse: [EffectDescriptor] {
        if reduceMotion { return effects[Self.reducedMotionEffect].map { [$0] } ?? [] }
        let choices = TransitionEvent.allCases.map { (transitions[$0] ?? Self.defaultChoice(for: $0)).effect }
            + rules.compactMap(\.choice.effect)
        var names: [String] = []
        for choice in choices {
            let picks: [String] = switch choice {
            case .named(let name): [name]
            case .random(let choices): choices
            case .none: []
            }
            names += picks.filter { !names.contains($0) }
        }
        return names.compactMap { effects[$0] }
    }
}
