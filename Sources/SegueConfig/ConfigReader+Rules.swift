import SegueEngine

extension ConfigReader {
    /// Match keys and the window property each tests; `app-id` and `title`
    /// mean the window the event is about (opening, closing or switched to).
    static var globKeys: [(key: String, property: WritableKeyPath<RuleMatch, Glob?>)] {
        [("app-id", \.appID), ("title", \.title), ("from-app-id", \.fromAppID), ("from-title", \.fromTitle),
         ("to-app-id", \.toAppID), ("to-title", \.toTitle)]
    }
    static var matchKeys: [String] { globKeys.map(\.key) + ["event", "from-workspace", "to-workspace"] }

    func readRules(_ node: TOMLNode) {
        guard case .array(let items) = node, items.allSatisfy({ if case .table = $0 { true } else { false } }) else {
            report("'rules' must be an array of tables: give each rule its own [[rules]] header", atKey: ["rules"])
            return
        }
        for (index, item) in items.enumerated() {
            guard case .table(let table) = item else { continue }
            let path: TOMLPath = ["rules", .index(index)]
            let context = "rule \(index + 1)"
            if table["namespace"] != nil {
                readLayerRule(table, at: path, context: context)
                continue
            }
            let match = readMatch(table, at: path, context: context)
            let inherited = effectNames(playedOn: match?.event.map { [$0] } ?? TransitionEvent.allCases)
            let choice = readChoice(table, at: path, ChoiceTable(context: context, ownKeys: Self.matchKeys + ["workspace"],
                                                                 allowsEffect: true, inheritedEffects: inherited))
            let workspace = table["workspace"].flatMap { wholeNumber($0, at: path + ["workspace"], in: 1...Int(Int32.max)) }
            if let match {
                config.rules.append(Rule(match: match, choice: choice, workspace: workspace, line: locator.value(path).line, index: index))
            }
        }
    }

    /// What the events' own choices can play: what a rule naming no effect tunes.
    private func effectNames(playedOn events: [TransitionEvent]) -> [String]? {
        var names: [String] = []
        for event in events {
            guard let choice = config.transitions[event], let more = effectNames(choice.effect) else { return nil }
            names += more.filter { !names.contains($0) }
        }
        return names
    }

    /// Nil when a match key is wrong; a wrong key is still a key, so the rule is not also "empty".
    private func readMatch(_ table: [String: TOMLNode], at path: TOMLPath, context: String) -> RuleMatch? {
        guard Self.matchKeys.contains(where: { table[$0] != nil }) else {
            report("\(context) has no match keys, so it would apply to every transition: give it app-id, title, "
                   + "from-app-id, from-title, to-app-id, to-title, from-workspace, to-workspace or event (or namespace, for layer surfaces), or move its keys to [transitions.*]", atKey: path)
            return nil
        }
        var match = RuleMatch()
        var valid = true
        for (key, property) in Self.globKeys {
            guard let node = table[key] else { continue }
            let keyPath = path + [.key(key)]
            if let pattern = string(node, at: keyPath, must: "a string: an exact name or a glob like \"org.gnome.*\"") {
                do { match[keyPath: property] = try Glob(pattern) } catch {
                    report(error.message, atValue: keyPath)
                    valid = false
                }
            } else {
                valid = false
            }
        }
        if let node = table["event"] {
            let names = TransitionEvent.allCases.map(\.rawValue)
            if let name = string(node, at: path + ["event"], must: "one of " + names.map { "\"\($0)\"" }.joined(separator: ", ")) {
                if let event = TransitionEvent(rawValue: name) {
                    match.event = event
                } else {
                    report("unknown event '\(name)'" + Self.didYouMean(name, names)
                           + " (events: \(names.joined(separator: ", ")))", atValue: path + ["event"])
                    valid = false
                }
            } else {
                valid = false
            }
        }
        for (key, property) in [("from-workspace", \RuleMatch.fromWorkspace), ("to-workspace", \RuleMatch.toWorkspace)] {
            guard let node = table[key] else { continue }
            if let number = wholeNumber(node, at: path + [.key(key)], in: 1...Int(Int32.max)) { match[keyPath: property] = number } else { valid = false }
        }
        return valid ? match : nil
    }
}
