import ArgumentParser
import Foundation
import SegueConfig
import SegueEngine
import SegueRender

struct EffectsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "effects", abstract: "List every effect with its parameters and defaults.")

    @Flag(help: "Print JSON instead of text.")
    var json = false

    @Option(parsing: .unconditional, help: ArgumentHelp("Also time each effect's two forms (layers, shader) at this output size on this machine's renderer and say which the compositor draws.", valueName: "WIDTHxHEIGHT"))
    var size: Size?

    @Option(help: "The config whose [effects] are listed too (default: the user's config, if any).")
    var config: String?

    func run() throws {
        let loaded = try ConfiguredEffects.loaded(config: config)
        // As each plays: its config's [effects.NAME] defaults (a niri block's time, a Burn-My-Windows table's) over its own.
        let played = loaded.effects.all.map { SegueConfig.settings(of: $0, defaults: loaded.effectDefaults[$0.name]) }
        let effects = played.map(\.effect)
        var forms: [String: FormChoice] = [:]
        if let size = try size?.validated() {
            let renderer = try Renderer()
            for effect in effects { forms[effect.name] = try renderer.formChoice(for: effect, width: size.width, height: size.height) }
        }
        if json {
            print(try EffectListing.json(played, forms: forms))
            return
        }
        for settings in played {
            let effect = settings.effect
            print("\(effect.name) — \(effect.summary)")
            print("    \(EffectListing.format(of: effect))")
            print("    duration \(Int((settings.duration * 1000).rounded())) ms, \(settings.curve)")
            if let choice = forms[effect.name], let size {
                print(String(format: "    drawn as %@ at %@ here (layers %.2f ms, shader %.2f ms a frame)",
                             "\(choice.form)", size.description, choice.layersMilliseconds, choice.shaderMilliseconds))
            }
            for p in effect.parameters {
                let start = settings.values[p.uniform] ?? p.defaultValue
                // An image's default is no file: the neutral ramp.
                let value = p.type == .image && start.path == nil ? "(a ramp, black on the left to white on the right)" : "\(start)"
                var line = "    \(p.name): \(p.type.rawValue) = \(value)"
                if let r = p.range { line += " (\(EffectListing.number(r.lowerBound))...\(EffectListing.number(r.upperBound)))" }
                if !p.summary.isEmpty { line += " — \(p.summary)" }
                print(line)
            }
        }
    }
}
