import SegueEngine

extension ConfigReader {
    func readOutput(_ node: TOMLNode) {
        guard let table = table(node, at: ["output"], must: "a table") else { return }
        checkKeys(table, at: ["output"], allowed: ["size", "refresh", "background", "scale"], in: "[output]")
        if let node = table["size"], let text = string(node, at: ["output", "size"], must: "a string like \"1920x1080\"") {
            let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
            let range = OutputSettings.sizeRange
            if parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]) {
                if range.contains(width) && range.contains(height) {
                    config.output.size = OutputSettings.Size(width: width, height: height)
                } else {
                    report("size \(text) is outside \(range.lowerBound)...\(range.upperBound) pixels per side",
                           atValue: ["output", "size"])
                }
            } else {
                report("size \"\(text)\" is not WIDTHxHEIGHT, e.g. \"1920x1080\"", atValue: ["output", "size"])
            }
        }
        if let node = table["refresh"] {
            config.output.refresh = number(node, at: ["output", "refresh"], in: OutputSettings.refreshRange, unit: " Hz")
        }
        if let node = table["scale"] {
            config.output.scale = wholeNumber(node, at: ["output", "scale"], in: OutputSettings.scaleRange)
        }
        if let node = table["background"], let colour = colour(node, at: ["output", "background"]) {
            config.output.background = colour
        }
    }

    /// A colour written `"#RRGGBB"` (or without the `#`).
    func colour(_ node: TOMLNode, at path: TOMLPath) -> OutputSettings.Colour? {
        guard let text = string(node, at: path, must: "a string like \"#14141a\"") else { return nil }
        let hex = text.hasPrefix("#") ? String(text.dropFirst()) : text
        guard hex.count == 6, hex.allSatisfy(\.isHexDigit), let value = UInt32(hex, radix: 16) else {
            let name = path.last.flatMap { if case .key(let key) = $0 { key } else { nil } } ?? "colour"
            report("\(name) \"\(text)\" is not a colour like \"#14141a\"", atValue: path)
            return nil
        }
        func channel(_ shift: UInt32) -> Double { Double(value >> shift & 0xff) / 255 }
        return OutputSettings.Colour(red: channel(16), green: channel(8), blue: channel(0))
    }

    func readAccessibility(_ node: TOMLNode) {
        guard let table = table(node, at: ["accessibility"], must: "a table") else { return }
        checkKeys(table, at: ["accessibility"], allowed: ["reduce-motion"], in: "[accessibility]")
        guard let value = table["reduce-motion"] else { return }
        if case .bool(let on) = value {
            config.reduceMotion = on
        } else {
            report("'reduce-motion' must be true or false, not \(value.kind)", atValue: ["accessibility", "reduce-motion"])
        }
    }

    func readKeys(_ node: TOMLNode) {
        guard let table = table(node, at: ["keys"], must: "a table") else { return }
        checkKeys(table, at: ["keys"], allowed: KeyBindings.defaults.named.map(\.name) + ["repeat-rate", "repeat-delay"], in: "[keys]")
        let repeats: [(String, WritableKeyPath<KeyRepeat, Int?>, ClosedRange<Int>, String)] =
            [("repeat-rate", \.rate, KeyRepeat.rateRange, " a second"), ("repeat-delay", \.delay, KeyRepeat.delayRange, " ms")]
        for (key, field, range, unit) in repeats {
            if let node = table[key] { config.keyRepeat[keyPath: field] = wholeNumber(node, at: ["keys", .key(key)], in: range, unit: unit) }
        }
        var valid = true
        func chord(_ key: String) -> KeyChord? {
            guard let node = table[key] else { return nil }
            guard let text = string(node, at: ["keys", .key(key)], must: "a string like \"Alt+Tab\"") else {
                valid = false
                return nil
            }
            do { return try KeyChord(parsing: text) } catch {
                report(error.message, atValue: ["keys", .key(key)])
                valid = false
                return nil
            }
        }
        if let next = chord("switch-next") { config.keys.switchNext = next }
        if let prev = chord("switch-prev") { config.keys.switchPrev = prev }
        if let previous = chord("switch-previous") { config.keys.switchPrevious = previous }
        if let close = chord("close") { config.keys.close = close }
        for number in KeyBindings.numberedWorkspaces {
            if let shown = chord("workspace-\(number)") { config.keys.workspace[number - 1] = shown }
            if let moved = chord("move-to-workspace-\(number)") { config.keys.moveToWorkspace[number - 1] = moved }
        }
        if let next = chord("workspace-next") { config.keys.workspaceNext = next }
        if let prev = chord("workspace-prev") { config.keys.workspacePrev = prev }
        if let minimize = chord("minimize") { config.keys.minimize = minimize }
        if let restore = chord("restore") { config.keys.restore = restore }
        if let maximize = chord("maximize") { config.keys.maximize = maximize }
        if let fullscreen = chord("fullscreen") { config.keys.fullscreen = fullscreen }
        guard valid else { return }
        // One chord, one action: the later key of a clashing pair is the one reported.
        let keys = config.keys.named.compactMap { name, chord in chord.map { (name, $0) } }
        for (index, (name, chord)) in keys.enumerated() {
            guard let (earlier, _) = keys[..<index].first(where: { $0.1.modifiers == chord.modifiers && $0.1.key.lowercased() == chord.key.lowercased() })
            else { continue }
            let blamed = table[name] != nil ? name : earlier
            report("\(earlier) and \(name) are both \(chord); give them different keys", atValue: ["keys", .key(blamed)])
            return
        }
    }

    func readGestures(_ node: TOMLNode) {
        guard let table = table(node, at: ["gestures"], must: "a table") else { return }
        checkKeys(table, at: ["gestures"], allowed: ["drag-modifier", "swipe-fingers", "workspace-swipe-fingers", "edge-swipe", "distance"],
                  in: "[gestures]")
        for (key, property) in [("swipe-fingers", \GestureSettings.swipeFingers), ("workspace-swipe-fingers", \GestureSettings.workspaceSwipeFingers)] {
            guard let node = table[key] else { continue }
            let fingers: UInt32? = if case .integer(let count) = node { UInt32(exactly: count) } else { nil }
            if let fingers, GestureSettings.swipeFingerCounts.contains(fingers) {
                config.gestures[keyPath: property] = fingers
            } else {
                let given = if case .integer(let count) = node { "\(count)" } else { node.kind }
                report("'\(key)' must be 3 or 4, or 0 to leave swipes to clients, not \(given)", atValue: ["gestures", .key(key)])
            }
        }
        if config.gestures.swipeFingers != 0, config.gestures.swipeFingers == config.gestures.workspaceSwipeFingers {
            if table["workspace-swipe-fingers"] == nil {
                // Windows took four fingers: workspaces take the three left.
                config.gestures.workspaceSwipeFingers = 7 - config.gestures.swipeFingers
            } else {
                report("'swipe-fingers' (windows) and 'workspace-swipe-fingers' are both \(config.gestures.swipeFingers): give them different counts, or 0 to one",
                       atValue: ["gestures", "workspace-swipe-fingers"])
                config.gestures.workspaceSwipeFingers = 0
            }
        }
        if let node = table["drag-modifier"],
           let text = string(node, at: ["gestures", "drag-modifier"], must: "a modifier name like \"Super\", or \"none\"") {
            if text.lowercased() == "none" {
                config.gestures.dragModifier = nil
            } else if let modifier = KeyChord.modifierNames[text.lowercased()] {
                config.gestures.dragModifier = modifier
            } else {
                report("unknown modifier '\(text)'; use Super, Alt, Ctrl, Shift, or \"none\" to turn dragging off",
                       atValue: ["gestures", "drag-modifier"])
            }
        }
        if let value = table["edge-swipe"] {
            if case .bool(let on) = value {
                config.gestures.edgeSwipe = on
            } else {
                report("'edge-swipe' must be true or false, not \(value.kind)", atValue: ["gestures", "edge-swipe"])
            }
        }
        if let node = table["distance"],
           let pixels = number(node, at: ["gestures", "distance"],
                               in: Double(GestureSettings.distanceRange.lowerBound)...Double(GestureSettings.distanceRange.upperBound),
                               unit: " pixels") {
            config.gestures.distance = Int(pixels.rounded())
        }
    }
}
