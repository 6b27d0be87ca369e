import ArgumentParser
import Foundation
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
        let effects = try ConfiguredEffects.registry(config: config).all
        var forms: [String: FormChoice] = [:]
        if let size = try size?.validated() {
            let renderer = try Renderer()
            for effect in effects { forms[effect.name] = try renderer.formChoice(for: effect, width: size.width, height: size.height) }
        }
        if json {
            print(try EffectListing.json(effects, forms: forms))
            return
        }
        for effect in effects {
            print("\(effect.name) — \(effect.summary)")
            print("    \(EffectListing.format(of: effect))")
            print("    duration \(Int((effect.duration * 1000).rounded())) ms, \(effect.curve)")
            if let choice = forms[effect.name], let size {
                print(String(format: "    drawn as %@ at %@ here (layers %.2f ms, shader %.2f ms a frame)",
                             "\(choice.form)", size.description, choice.layersMilliseconds, choice.shaderMilliseconds))
            }
            for p in effect.parameters {
                // An image's default is no file: the neutral ramp.
                let value = p.type == .image && p.defaultValue.path == nil ? "(a ramp, black on the left to white on the right)" : "\(p.defaultValue)"
                var line = "    \(p.name): \(p.type.rawValue) = \(value)"
                if let r = p.range { line += " (\(EffectListing.number(r.lowerBound))...\(EffectListing.number(r.upperBound)))" }
                if !p.summary.isEmpty { line += " — \(p.summary)" }
                print(line)
            }
        }
    }
}
