import SegueEngine

extension ConfigReader {
    func readSwitcher(_ node: TOMLNode) {
        let path: TOMLPath = ["switcher"]
        guard let table = table(node, at: path, must: "a table") else { return }
        let chordKeys: [(String, WritableKeyPath<SwitcherSettings, [KeyChord]>)] =
            [("next", \.next), ("prev", \.prev), ("next-same-app", \.nextSameApp), ("prev-same-app", \.prevSameApp)]
        checkKeys(table, at: path, allowed: ["enabled", "debounce", "open-delay", "max-height", "max-scale", "highlight", "padding",
                                             "radius", "dim", "filter", "scope"] + chordKeys.map(\.0), in: "[switcher]")
        var settings = config.switcher
        if let value = table["enabled"] {
            if case .bool(let on) = value { settings.enabled = on } else {
                report("'enabled' must be true or false, not \(value.kind)", atValue: path + ["enabled"])
            }
        }
        // "0ms": no debounce, every window shown moves up at once (as niri's).
        if let node = table["debounce"], let seconds = duration(node, at: path + ["debounce"], zeroAllowed: true) { settings.debounce = seconds }
        if let node = table["open-delay"], let seconds = duration(node, at: path + ["open-delay"]) { settings.openDelay = seconds }
        if let node = table["max-height"],
           let units = wholeNumber(node, at: path + ["max-height"], in: SwitcherSettings.maxHeightRange, unit: " surface units") {
            settings.maxHeight = units
        }
        if let node = table["max-scale"], let scale = number(node, at: path + ["max-scale"], in: SwitcherSettings.maxScaleRange) {
            settings.maxScale = scale
        }
        for (key, field) in [("padding", \SwitcherSettings.padding), ("radius", \SwitcherSettings.radius)] {
            if let node = table[key], let units = wholeNumber(node, at: path + [.key(key)], in: SwitcherSettings.spacingRange, unit: " surface units") {
                settings[keyPath: field] = units
            }
        }
        if let node = table["dim"], let dim = number(node, at: path + ["dim"], in: 0...1) { settings.dim = dim }
        if let node = table["filter"], let name = string(node, at: path + ["filter"], must: "\"all\" or \"app-id\"") {
            if let filter = SwitcherFilter(rawValue: name) { settings.filter = filter } else {
                report("filter \"\(name)\" is not \"all\" or \"app-id\" (the shown window's app alone)", atValue: path + ["filter"])
            }
        }
        if let node = table["scope"], let name = string(node, at: path + ["scope"], must: "\"workspace\" or \"all\"") {
            if let scope = SwitcherScope(rawValue: name) { settings.scope = scope } else {
                report("scope \"\(name)\" is not \"workspace\" (the shown workspace's windows) or \"all\"", atValue: path + ["scope"])
            }
        }
        if let node = table["highlight"], let colour = colour(node, at: path + ["highlight"]) { settings.highlight = colour }
        for (key, field) in chordKeys {
            guard let node = table[key] else { continue }
            let at = path + [.key(key)]
            let items: [TOMLNode] = if case .array(let list) = node { list } else { [node] }
            let texts = items.compactMap { if case .string(let text) = $0 { text } else { nil } }
            guard texts.count == items.count else {
                report("'\(key)' must be a chord like \"Alt+Tab\" or a list of them, not \(node.kind)", atValue: at)
                continue
            }
            var chords: [KeyChord] = []
            for text in texts {
                do { chords.append(try KeyChord(parsing: text)) } catch { report(error.message, atValue: at) }
            }
            if chords.count == texts.count { settings[keyPath: field] = chords }
        }
        config.switcher = settings
    }
}
