import SegueEngine

extension ConfigReader {
    static let layerKeys = ["effect", "duration", "easing"]

    /// `[layers]`: the motion, duration and easing of every layer surface no
    /// rule names otherwise, and how long windows' popups take.
    func readLayers(_ node: TOMLNode) {
        let path: TOMLPath = ["layers"]
        guard let table = table(node, at: path, must: "a table") else { return }
        checkKeys(table, at: path, allowed: Self.layerKeys + ["popup-duration"], in: "[layers]")
        var settings = config.layers
        if let node = table["effect"], let motion = motion(node, at: path + ["effect"]) { settings.effect = motion }
        if let node = table["duration"], let seconds = duration(node, at: path + ["duration"]) { settings.duration = seconds }
        if let node = table["easing"], let curve = easing(node, at: path + ["easing"]) { settings.curve = curve }
        // "0ms": popups come and go at once.
        if let node = table["popup-duration"], let seconds = duration(node, at: path + ["popup-duration"], zeroAllowed: true) {
            settings.popupDuration = seconds
        }
        config.layers = settings
    }

    /// A rule with `namespace`: about layer surfaces, so it takes no window's keys.
    func readLayerRule(_ table: [String: TOMLNode], at path: TOMLPath, context: String) {
        checkKeys(table, at: path, allowed: ["namespace"] + Self.layerKeys, in: "\(context) (a layer surface rule, by its namespace)")
        guard let node = table["namespace"],
              let pattern = string(node, at: path + ["namespace"], must: "a string: a namespace like \"launcher\" or a glob") else { return }
        let glob: Glob
        do { glob = try Glob(pattern) } catch {
            return report(error.message, atValue: path + ["namespace"])
        }
        var rule = LayerRule(namespace: glob, line: locator.value(path).line)
        if let node = table["effect"] { rule.effect = motion(node, at: path + ["effect"]) }
        if let node = table["duration"] { rule.duration = duration(node, at: path + ["duration"]) }
        if let node = table["easing"] { rule.curve = easing(node, at: path + ["easing"]) }
        config.layers.rules.append(rule)
    }

    private func motion(_ node: TOMLNode, at path: TOMLPath) -> SurfaceMotion? {
        let names = SurfaceMotion.allCases.map(\.rawValue)
        let listed = names.map { "\"\($0)\"" }.joined(separator: ", ")
        guard let name = string(node, at: path, must: "one of \(listed)") else { return nil }
        guard let motion = SurfaceMotion(rawValue: name) else {
            report("unknown layer motion '\(name)'" + Self.didYouMean(name, names) + " (motions: \(names.joined(separator: ", ")))",
                   atValue: path)
            return nil
        }
        return motion
    }

    func easing(_ node: TOMLNode, at path: TOMLPath) -> TimingCurve? {
        guard let text = string(node, at: path, must: "a string like \"ease-out\" or \"cubic-bezier(0.4, 0, 0.2, 1)\"") else { return nil }
        do { return try TimingCurve.parse(text) } catch {
            report(error.message, atValue: path)
            return nil
        }
    }
}
