import Foundation
import SegueEngine

/// A Burn-My-Windows effect shader named in `[effects.NAME] shader`: the
/// facts its JavaScript would give it (which setting or image feeds which
/// uniform, the room it draws in, its time) come from Segue's table of the
/// published effects, by the file's name; images from the checkout
/// `burn-my-windows` names. What the table lacks starts neutral, with a note.
extension ConfigReader {
    /// The top-level `burn-my-windows`: a Burn-My-Windows checkout (its
    /// `resources/img` holds the effects' images), relative to this config.
    func readBurnMyWindowsCheckout(_ node: TOMLNode) {
        let path: TOMLPath = ["burn-my-windows"]
        guard let written = string(node, at: path, must: "a string: a Burn-My-Windows checkout, relative to this config") else { return }
        let folder = URL(fileURLWithPath: self.path).deletingLastPathComponent().path
        let checkout = written.hasPrefix("/") ? written : folder + "/" + written
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: checkout + "/resources/img", isDirectory: &isFolder), isFolder.boolValue else {
            report("\"\(written)\" is not a Burn-My-Windows checkout: it has no resources/img folder", atValue: path)
            return
        }
        config.burnMyWindows = checkout
    }

    /// `effect` with its room and seeded parameters, and the defaults its
    /// facts give it under what its table `own` sets.
    func burnMyWindowsFacts(_ effect: inout EffectDescriptor, own: PartialChoice, at path: TOMLPath) -> PartialChoice {
        let shaderPath = path + ["shader"]
        let nick = URL(fileURLWithPath: effect.source.path).deletingPathExtension().lastPathComponent
        let uniforms = effect.parameters
        guard let facts = BurnMyWindowsEffect.published.first(where: { $0.nick == nick }) else {
            let unset = uniforms.filter { own.parameters[$0.name] == nil }
            if !unset.isEmpty {
                note("Segue knows no Burn-My-Windows effect '\(nick)': \(Self.listed(unset)) \(unset.count == 1 ? "starts" : "start") at 0 "
                     + "(images at a neutral ramp); set them in [effects.\(Self.name(path))]", atValue: shaderPath)
            }
            return PartialChoice(curve: .linear, parameters: [:])
        }
        effect.room = facts.room
        var defaults = PartialChoice(duration: facts.duration, curve: .linear)
        var unknown: [ParameterSpec] = [], imageless: [(ParameterSpec, String)] = []
        for spec in uniforms {
            switch facts.uniforms[spec.uniform] {
            case .setting(_, let values)?, .fixed(let values)?:
                let count = spec.type.componentCount
                guard values.count >= count else { continue }
                defaults.parameters[spec.name] = ParameterValue(spec.type, Array(values.prefix(count)))
            case .seed?:
                effect.seeded.insert(spec.uniform)
            case .image(let file)?:
                guard own.parameters[spec.name] == nil else { continue }
                guard let checkout = config.burnMyWindows else {
                    imageless.append((spec, file))
                    continue
                }
                let image = checkout + "/resources/img/" + file
                guard FileManager.default.isReadableFile(atPath: image) else {
                    report("Burn-My-Windows' \(file), which \(spec.uniform) reads, is not in \(checkout)/resources/img", atValue: shaderPath)
                    continue
                }
                defaults.parameters[spec.name] = ParameterValue(image: image)
            case nil:
                if own.parameters[spec.name] == nil { unknown.append(spec) }
            }
        }
        if !imageless.isEmpty {
            let images = imageless.map { "\($0.0.uniform) (\($0.1))" }.joined(separator: ", ")
            note("\(images) \(imageless.count == 1 ? "reads" : "read") Burn-My-Windows' images: set burn-my-windows = \"/path/to/Burn-My-Windows\" at the top of the config, "
                 + "or the images here; a neutral ramp until then", atValue: shaderPath)
        }
        if !unknown.isEmpty {
            note("Segue's table of Burn-My-Windows' '\(nick)' has no \(Self.listed(unknown)): \(unknown.count == 1 ? "it starts" : "they start") at 0; "
                 + "set them in [effects.\(Self.name(path))]", atValue: shaderPath)
        }
        return defaults
    }

    /// `a`, `a and b`, `a, b and c`, by their uniforms' names (a config takes those too).
    private static func listed(_ specs: [ParameterSpec]) -> String {
        let names = specs.map(\.uniform)
        return names.count == 1 ? names[0] : names.dropLast().joined(separator: ", ") + " and " + names[names.count - 1]
    }
}
