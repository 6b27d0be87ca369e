import SegueEngine

extension ConfigReader {
    /// `[transitions.resize]`: `effect = "crossfade" | "none"` or a niri resize shader's, `duration`,
    /// `easing` or `spring` (which, without a duration, lasts until it settles), and `wait`.
    func readResize(_ node: TOMLNode) {
        let path: TOMLPath = ["transitions", "resize"]
        guard let table = table(node, at: path, must: "a table of effect, duration, easing, spring and wait") else { return }
        checkKeys(table, at: path, allowed: ["effect", "duration", "easing", "spring", "wait"], in: "[transitions.resize]")
        var settings = config.resize
        if let node = table["effect"],
           let name = string(node, at: path + ["effect"], must: "\"crossfade\", \"none\" or a niri resize shader's effect") {
            let shaders = config.effects.names.filter(playsOnlyResizes)
            if ResizeSettings.effects.contains(name) {
                settings.animates = name != "none"
                settings.shader = nil
            } else if shaders.contains(name) || brokenEffects.contains(name) {
                (settings.animates, settings.shader) = (true, name)
            } else {
                let known = ResizeSettings.effects + shaders
                report("a resize plays \"crossfade\", \"none\" or a niri resize shader (resize_color), not '\(name)'"
                       + Self.didYouMean(name, known), atValue: path + ["effect"])
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
        // A shader's own time (a niri block's duration-ms and curve) where the table sets none.
        if let shader = settings.shader, let own = config.effectDefaults[shader] {
            if table["duration"] == nil, let seconds = own.duration { settings.duration = seconds }
            if table["easing"] == nil, table["spring"] == nil, let curve = own.curve { settings.curve = curve }
        }
        config.resize = settings
    }
}
