import ArgumentParser
import Foundation
import SegueEngine
import SegueRender

struct EffectsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "effects", abstract: "List every effect with its parameters and defaults.")

    @Flag(help: "Print JSON instead of text.")
    var json = false

    func run() throws {
        let effects = try EffectRegistry.builtin().all
        if json {
            print(try EffectListing.json(effects))
            return
        }
        for effect in effects {
            print("\(effect.name) — \(effect.summary)")
            print("    duration \(Int((effect.duration * 1000).rounded())) ms, \(effect.curve)")
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
