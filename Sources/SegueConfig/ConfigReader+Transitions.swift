import SegueEngine

extension ConfigReader {
    /// `[transitions.EVENT]`: each keeps its defaults for the keys it
    /// leaves out; close starts from open's choice (and restore from
    /// minimize's), so a file that says nothing about close pops with open's
    /// effect in reverse, and a close section that names no effect changes
    /// open's key by key. One that names its own
    /// effect starts from that effect's own duration, curve and parameters.
    func readTransitions(_ node: TOMLNode?) {
        var sections: [String: TOMLNode] = [:]
        if let node, let table = table(node, at: ["transitions"], must: "a table: write [transitions.switch] and so on") {
            sections = table
            checkKeys(table, at: ["transitions"], allowed: TransitionEvent.allCases.map(\.rawValue) + ["resize", "quality", "min-scale"],
                      in: "[transitions]")
            readFrameQuality(table)
            if let resize = table["resize"] { readResize(resize) }
        }
        // Each undoing event after the one it undoes, which it starts from.
        let undoes: [TransitionEvent: TransitionEvent] = [.close: .open, .restore: .minimize]
        for event in [TransitionEvent.switch, .open, .close, .workspace, .minimize, .restore] {
            let base = undoes[event].map { config.transitions[$0] ?? SegueConfig.defaultChoice(for: $0) }
                ?? SegueConfig.defaultChoice(for: event)
            let path: TOMLPath = ["transitions", .key(event.rawValue)]
            let context = "[transitions.\(event.rawValue)]"
            guard let section = sections[event.rawValue] else {
                config.transitions[event] = base
                if let undone = undoes[event], sections[undone.rawValue] != nil {
                    config.eventOrigins[event] = "[transitions.\(undone.rawValue)] in reverse"
                }
                continue
            }
            let expected = "a table of effect, duration, easing, spring and parameters"
            guard let table = table(section, at: path, must: expected) else { continue }
            let partial = readChoice(table, at: path, ChoiceTable(context: context, ownKeys: [], allowsEffect: true,
                                                                  inheritedEffects: effectNames(base.effect)))
            config.transitions[event] = (partial.effect.map { TransitionChoice(effect: $0) } ?? base).applying(partial)
            config.eventOrigins[event] = context
        }
    }
}

extension ConfigReader {
    /// `quality = "adaptive" | "full"` and `min-scale` in `[transitions]`.
    private func readFrameQuality(_ table: [String: TOMLNode]) {
        if let node = table["quality"], let text = string(node, at: ["transitions", "quality"], must: "\"adaptive\" or \"full\"") {
            switch text {
            case "adaptive": config.frameQuality.adaptive = true
            case "full": config.frameQuality.adaptive = false
            default: report("quality \"\(text)\" is not \"adaptive\" or \"full\"", atValue: ["transitions", "quality"])
            }
        }
        if let node = table["min-scale"],
           let scale = number(node, at: ["transitions", "min-scale"], in: FrameQuality.minimumScaleRange) {
            config.frameQuality.minimumScale = scale
        }
    }
}
