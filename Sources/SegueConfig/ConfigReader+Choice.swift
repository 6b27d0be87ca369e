import Foundation
import SegueEngine
import SegueImaging

extension ConfigReader {
    /// A spring with neither stiffness nor duration, in a table that says nothing
    /// else about time, settles over this long.
    static let defaultSpringDuration = 0.5

    func readChoice(_ table: [String: TOMLNode], at path: TOMLPath, _ spec: ChoiceTable) -> PartialChoice {
        var choice = PartialChoice()
        var effectIsKnown = true
        if spec.allowsEffect, let node = table["effect"] {
            choice.effect = readEffect(node, choices: table["choices"], at: path)
            effectIsKnown = choice.effect != nil
        } else if spec.allowsEffect, table["choices"] != nil {
            report("'choices' applies only with effect = \"random\"", atKey: path + ["choices"])
        }
        let targets = effectIsKnown ? (choice.effect.map(effectNames) ?? spec.inheritedEffects) : nil
        if let node = table["duration"] { choice.duration = duration(node, at: path + ["duration"]) }
        if let node = table["easing"], let text = string(node, at: path + ["easing"],
                                                         must: "a string like \"ease-in-out\" or \"cubic-bezier(0.4, 0, 0.2, 1)\"") {
            do { choice.curve = try TimingCurve.parse(text) } catch { report(error.message, atValue: path + ["easing"]) }
        }
        if let node = table["spring"] {
            if table["easing"] != nil {
                report("give either 'easing' or 'spring', not both", atKey: path + ["spring"])
            } else {
                let ownDuration = targets.flatMap { $0.count == 1 ? config.effects[$0[0]]?.duration : nil }
                let settle = choice.duration ?? ownDuration ?? Self.defaultSpringDuration
                if let spring = readSpring(node, at: path + ["spring"], settlingIn: settle) {
                    choice.curve = .spring(spring)
                    // A spring decides how long it takes, unless the table says otherwise.
                    if table["duration"] == nil { choice.duration = spring.settleDuration }
                }
            }
        }
        let known = spec.settingKeys + spec.ownKeys
        for (key, node) in table where !known.contains(key) {
            if let targets {
                readParameter(key, node, at: path + [.key(key)], targets: targets, into: &choice.parameters,
                              context: spec.context, settingKeys: known)
            } else if EditDistance.nearest(to: key, in: known) != nil {
                // The effect's parameters are unknown, but a near miss of a setting is still a typo.
                unknownKey(key, at: path + [.key(key)], in: spec.context, candidates: known)
            }
        }
        return choice
    }

    /// `"slide"`, `"none"`, or `"random"` with the table's `choices`.
    private func readEffect(_ node: TOMLNode, choices: TOMLNode?, at path: TOMLPath) -> TransitionChoice.Effect? {
        guard let name = string(node, at: path + ["effect"], must: "a string: an effect's name, \"random\" or \"none\"") else {
            return nil
        }
        if name == "random" {
            guard let choices else { return .random(choices: config.effects.names.filter { !playsOnlyResizes($0) }) }
            return readRandomChoices(choices, at: path + ["choices"])
        }
        if choices != nil {
            report("'choices' applies only with effect = \"random\"", atKey: path + ["choices"])
        }
        if name == "none" { return TransitionChoice.Effect.none }
        guard knowsEffect(name) else {
            unknownEffect(name, at: path + ["effect"])
            return nil
        }
        guard !playsOnlyResizes(name) else {
            report(Self.resizeOnly(name), atValue: path + ["effect"])
            return nil
        }
        return .named(name)
    }

    /// Whether `name` is a niri resize shader, which draws a resize and nothing else.
    func playsOnlyResizes(_ name: String) -> Bool { config.effects[name]?.source.interface == .niriResize }

    static func resizeOnly(_ name: String) -> String {
        "'\(name)' is a niri resize shader: it plays as [transitions.resize] effect, not for an event"
    }

    private func readRandomChoices(_ node: TOMLNode, at path: TOMLPath) -> TransitionChoice.Effect? {
        guard case .array(let items) = node else {
            report("'choices' must be an array of effect names, not \(node.kind)", atValue: path)
            return nil
        }
        guard !items.isEmpty else {
            report("'choices' is empty; leave it out to pick among every effect", atValue: path)
            return nil
        }
        var names: [String] = []
        for (i, item) in items.enumerated() {
            let itemPath = path + [.index(i)]
            guard case .string(let name) = item else {
                report("'choices' must hold effect names, not \(item.kind)", atValue: itemPath)
                continue
            }
            switch name {
            case "none":
                report("\"none\" cannot be a random choice: a random transition always plays an effect", atValue: itemPath)
            case "random": report("\"random\" cannot be one of its own choices", atValue: itemPath)
            case _ where !knowsEffect(name): unknownEffect(name, at: itemPath)
            case _ where playsOnlyResizes(name): report(Self.resizeOnly(name), atValue: itemPath)
            default: names.append(name)
            }
        }
        return names.count == items.count ? .random(choices: names) : nil
    }

    /// A key that is no setting names a parameter of the effect(s) the table plays;
    /// with several (random), at least one must have it and every one that has it must accept the value.
    private func readParameter(_ key: String, _ node: TOMLNode, at path: TOMLPath, targets: [String],
                               into parameters: inout [String: ParameterValue], context: String, settingKeys: [String]) {
        let effects = targets.compactMap { config.effects[$0] }
        let specs = effects.compactMap { effect in
            effect.parameters.first { $0.name == key || $0.uniform == key }.map { (effect: effect.name, spec: $0) }
        }
        guard let first = specs.first?.spec else {
            let names = effects.flatMap { $0.parameters.map(\.name) }
            unknownKey(key, at: path, in: context, candidates: settingKeys + names,
                       otherwise: Self.parameterHint(effects: effects, targets: targets))
            return
        }
        guard let text = Self.parameterText(node) else {
            report(ParameterError.wrongType(name: first.name, expected: first.type, got: node.kind).description, atValue: path)
            return
        }
        var value: ParameterValue?
        for (effect, spec) in specs {
            do throws(ParameterError) {
                // Said before the text is parsed, which refuses huge numbers as not numbers at all.
                if let x = node.number, let range = spec.range, !range.contains(x) {
                    throw .outOfRange(name: spec.name, value: Self.formatted(x), range: range)
                }
                let parsed = try spec.value(from: text)
                value = value ?? (spec.type == .image ? image(parsed, at: path) : parsed)
            } catch {
                report("\(error)" + (specs.count > 1 ? " (for effect '\(effect)')" : ""), atValue: path)
                return
            }
        }
        parameters[first.name] = value
    }

    /// An image parameter's PNG, relative to this config, checked from its
    /// header now so that a bad file is reported here, at its value.
    private func image(_ value: ParameterValue, at path: TOMLPath) -> ParameterValue? {
        guard let written = value.path else { return value }
        let folder = URL(fileURLWithPath: self.path).deletingLastPathComponent().path
        let file = written.hasPrefix("/") ? written : folder + "/" + written
        do throws(ImageError) {
            _ = try PNG.size(path: file)
        } catch {
            report("image \"\(written)\" cannot be used: \(error)", atValue: path)
            return nil
        }
        return ParameterValue(image: file)
    }

    private static func parameterHint(effects: [EffectDescriptor], targets: [String]) -> String {
        if targets.isEmpty { return ": effect \"none\" takes no parameters" }
        if effects.count == 1 {
            let names = effects[0].parameters.map(\.name)
            let list = names.isEmpty ? "no parameters" : "parameters " + names.joined(separator: ", ")
            return ": not a setting, and effect '\(effects[0].name)' has \(list)"
        }
        return ": not a setting, and none of \(targets.joined(separator: ", ")) has a parameter of that name"
    }

    /// A TOML value as the text ParameterSpec reads: `2`, `0.5`, `true`, `[0.5, 0.5]` → `0.5,0.5`, or a string as written.
    private static func parameterText(_ node: TOMLNode) -> String? {
        switch node {
        case .string(let text): return text
        case .integer(let i): return String(i)
        case .float(let x): return String(x)
        case .bool(let b): return b ? "true" : "false"
        case .array(let items):
            // Only a flat array of scalars spells a vector.
            let parts = items.compactMap { item -> String? in
                switch item {
                case .array, .table: nil
                default: parameterText(item)
                }
            }
            return parts.count == items.count && !parts.isEmpty ? parts.joined(separator: ",") : nil
        case .table, .dateTime: return nil
        }
    }
}
