import ArgumentParser
import Foundation
import SegueConfig
import SegueEngine
import SegueRender

/// Options shared by commands that pick an effect and tune it.
struct EffectChoice: ParsableArguments {
    @Argument(help: "An effect (see `segue effects`): a built-in one or one the config defines; leave out with --shader.")
    var effect: String?

    @Option(help: "The config whose [effects] are played too (default: the user's config, if any).")
    var config: String?

    @Option(help: "A gl-transitions, niri open or close, or Burn-My-Windows shader file to play instead of a built-in effect.")
    var shader: String?

    @Option(help: "Duration, e.g. 350ms or 1.2s (default: the effect's own).")
    var duration: String?

    @Option(help: "Easing: linear, ease, ease-in, ease-out, ease-in-out or cubic-bezier(x1,y1,x2,y2).")
    var easing: String?

    @Option(name: .customLong("param"), help: "Set an effect parameter, NAME=VALUE (repeatable).")
    var params: [String] = []

    /// The effect with every option applied; any mistake becomes a CommandError
    /// carrying one clear line.
    /// A named effect plays with its config's `[effects.NAME]` defaults; a
    /// Burn-My-Windows file given as --shader with its table's facts (notes on stderr).
    func settings() throws -> EffectSettings {
        var settings: EffectSettings
        switch (effect, shader) {
        case (nil, nil):
            throw CommandError("name an effect or give --shader FILE")
        case (_?, _?):
            throw CommandError("give either an effect name or --shader, not both")
        case (let name?, nil):
            do {
                let loaded = try ConfiguredEffects.loaded(config: config)
                settings = SegueConfig.settings(of: try loaded.effects.effect(named: name), defaults: loaded.effectDefaults[name])
            } catch let error as CommandError {
                throw error
            } catch {
                throw CommandError("\(error)")
            }
        case (nil, let path?):
            do {
                let source = try ShaderSource.load(path: path)
                let name = String(path.split(separator: "/").last ?? "shader").replacingOccurrences(of: ".glsl", with: "")
                var descriptor = try EffectDescriptor(name: name, source: source, origin: .userShader)
                guard source.interface == .burnMyWindows else {
                    settings = EffectSettings(descriptor)
                    break
                }
                let facts = BurnMyWindowsFacts(&descriptor, own: PartialChoice(), checkout: nil, table: "--param")
                if let problem = facts.problems.first { throw CommandError(problem) }
                for note in facts.notes { FileHandle.standardError.write(Data("note: \(note)\n".utf8)) }
                settings = SegueConfig.settings(of: descriptor, defaults: facts.defaults)
            } catch let error as CommandError {
                throw error
            } catch {
                throw CommandError("\(error)")
            }
        }
        do {
            try settings.apply(assignments: params)
            if let duration { settings.duration = try TimeSpan.parse(duration) }
            if let easing { settings.curve = try TimingCurve.parse(easing) }
        } catch {
            throw CommandError("\(error)")
        }
        return settings
    }
}
