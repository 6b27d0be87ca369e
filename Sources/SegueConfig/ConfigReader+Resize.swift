import SegueEngine

extension ConfigReader {
    /// `[transitions.resize]`: `effect = "crossfade" | "none"`, `duration`,
    /// `easing` or `spring` (which, without a duration, lasts until it settles), and `wait`.
    func readResize(_ node: TOMLNode) {
        let path: TOMLPath = ["transitions", "resize"]
        guard let table = table(node, at: path, must: "a table of effect, duration, easing, spring and wait") else { return }
        checkKeys(table, at: path, allowed: ["effect", "duration", "easing", "spring", "wait"], in: "[transitions.resize]")
        var settings = config.resize
        if let node = table["effect"], let name = string(node, at: path + ["effect"], must: "\"crossfade\" or \"none\"") {
            if ResizeSettings.effects.contains(name) {
                settings.animates = name != "none"
            } else {
                report("a resize plays \"crossfade\" or \"none\", not '\(name)'" + Self.didYouMean(name, ResizeSettings.effects),
                       atValue: path + ["effect"])
            }
        }
        if let node = table["duration"], let seconds = duration(node, at: path + ["duration"]) { settings.duration = seconds }
        if table["easing"] != nil, table["spring"] != nil {
            report("give the resize an 'easing' or a 'spring', not both", atKey: path + ["spring"])
        } else if let node = table["easing"], let curve = easing(node, at: path + ["easing"]) {
            settings.curve = curve
        } else if let node = table["spring"], let spring = readSpring(node, at: path + ["spring"], settlingIn: settings.duration) {
            settings.curve = .spring(spring)
            if table["duration"] == nil { settings.duration = spring.settleDuration }
        }
        if let node = table["wait"], let seconds = duration(node, at: path + ["wait"], zeroAllowed: true) { settings.wait = seconds }
        config.resize = settings
    }
}
