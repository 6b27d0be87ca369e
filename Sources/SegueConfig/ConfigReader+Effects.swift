import Foundation
import SegueEngine

extension ConfigReader {
    /// `[effects.NAME]`: a gl-transitions file registered under NAME, with its
    /// own default duration, curve and parameters.
    func readEffects(_ node: TOMLNode, checkShader: (EffectDescriptor) -> [String]) {
        guard let entries = table(node, at: ["effects"], must: "a table: write each effect as [effects.NAME]") else { return }
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        for (name, entry) in entries.sorted(by: { $0.key < $1.key }) {
            let path: TOMLPath = ["effects", .key(name)]
            let context = "[effects.\(name)]"
            guard let table = table(entry, at: path, must: "a table with shader = \"FILE.glsl\"") else { continue }
            guard builtins[name] == nil else {
                report("effect name '\(name)' is taken by a built-in effect; choose another", atKey: path)
                continue
            }
            guard name != "none", name != "random" else {
                report("effect name '\(name)' is reserved: effect = \"\(name)\" has its own meaning; choose another",
                       atKey: path)
                continue
            }
            if let niri = table["niri"] {
                guard table["shader"] == nil else {
                    report("\(context) takes shader = \"FILE.glsl\" or niri = \"FILE.kdl\", not both", atKey: path)
                    continue
                }
                readNiriEffects(niri, table: table, name: name, folder: folder, at: path, checkShader: checkShader)
                continue
            }
            let effect = loadShader(table["shader"], folder: folder, at: path, context: context)
            if let effect {
                config.effects.register(effect)
                for message in checkShader(effect) { reportShaderMessage(message, at: path + ["shader"], effect: name) }
            } else {
                brokenEffects.insert(name)
            }
            let own = readChoice(table, at: path, ChoiceTable(
                context: context, ownKeys: ["shader"], allowsEffect: false, inheritedEffects: effect.map { [$0.name] }))
            config.effectDefaults[name] = own
            // A Burn-My-Windows effect's facts come from its JavaScript, here from Segue's table of them.
            if var played = effect, played.source.interface == .burnMyWindows {
                let facts = burnMyWindowsFacts(&played, own: own, at: path)
                config.effects.register(played)
                config.effectDefaults[name] = PartialChoice(duration: own.duration ?? facts.duration, curve: own.curve ?? facts.curve,
                                                            parameters: facts.parameters.merging(own.parameters) { $1 })
            }
        }
    }

    /// NAME (and NAME-close) from a niri config file, with the timing its
    /// blocks set under what the table itself sets.
    private func readNiriEffects(_ niri: TOMLNode, table: [String: TOMLNode], name: String, folder: String, at path: TOMLPath,
                                 checkShader: (EffectDescriptor) -> [String]) {
        let own = readChoice(table, at: path, ChoiceTable(context: "[effects.\(name)]", ownKeys: ["niri"], allowsEffect: false,
                                                          inheritedEffects: []))
        guard let effects = loadNiri(niri, name: name, folder: folder, at: path) else {
            brokenEffects.insert(name)
            return
        }
        for effect in effects {
            config.effects.register(effect.descriptor)
            for message in checkShader(effect.descriptor) { reportShaderMessage(message, at: path + ["niri"], effect: effect.descriptor.name) }
            config.effectDefaults[effect.descriptor.name] = PartialChoice(
                duration: own.duration ?? effect.defaults.duration, curve: own.curve ?? effect.defaults.curve, parameters: own.parameters)
        }
    }

    /// The shader named by `shader`, relative to the config's folder; its
    /// problems are reported at the `shader` value, quoting the file's own position.
    private func loadShader(_ node: TOMLNode?, folder: String, at path: TOMLPath, context: String) -> EffectDescriptor? {
        guard let node else {
            report("\(context) needs shader = \"FILE.glsl\", a gl-transitions, niri open or close, or Burn-My-Windows shader relative to this config", atKey: path)
            return nil
        }
        let shaderPath = path + ["shader"]
        let expected = "a string: a gl-transitions, niri or Burn-My-Windows shader file, relative to this config"
        guard let written = string(node, at: shaderPath, must: expected) else { return nil }
        let file = written.hasPrefix("/") ? written : folder + "/" + written
        do throws(ShaderSourceError) {
            let source = try ShaderSource.load(path: file)
            return try EffectDescriptor(name: Self.name(path), source: source, origin: .userShader)
        } catch {
            report("shader \"\(written)\" cannot be used: \(error)", atValue: shaderPath)
            return nil
        }
    }

    /// `checkShader` gives `file:line:col: message` lines (`file:line: message`
    /// where the driver gives no column), which stay at the shader's own
    /// position; anything else is placed at the `shader` value.
    private func reportShaderMessage(_ message: String, at shaderPath: TOMLPath, effect: String) {
        if let located = Self.located(message) {
            report(located.text, line: located.line, column: located.column, in: located.file)
        } else {
            let named = message.contains("'\(effect)'") ? message : "effect '\(effect)': \(message)"
            report(named, atValue: shaderPath)
        }
    }

    /// Splits `file:line:col: text` or `file:line: text` at the first `:N:N: `
    /// or `:N: `, so that a path may hold colons.
    static func located(_ message: String) -> (file: String, line: Int, column: Int?, text: String)? {
        let parts = message.split(separator: ":", omittingEmptySubsequences: false)
        for i in parts.indices.dropFirst() where i + 1 < parts.count {
            guard let line = Int(parts[i]), line > 0 else { continue }
            let file = parts[..<i].joined(separator: ":")
            if i + 2 < parts.count, let column = Int(parts[i + 1]), column > 0, parts[i + 2].hasPrefix(" ") {
                return (file, line, column, String(parts[(i + 2)...].joined(separator: ":").dropFirst()))
            }
            if parts[i + 1].hasPrefix(" ") {
                return (file, line, nil, String(parts[(i + 1)...].joined(separator: ":").dropFirst()))
            }
        }
        return nil
    }
}
