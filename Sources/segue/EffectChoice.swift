import ArgumentParser
import SegueEngine
import SegueRender

/// Options shared by commands that pick an effect and tune it.
struct EffectChoice: ParsableArguments {
    @Argument(help: "An effect (see `segue effects`): a built-in one or one the config defines; leave out with --shader.")
    var effect: String?

    @Option(help: "The config whose [effects] are played too (default: the user's config, if any).")
    var config: String?

    @Option(help: "A gl-transitions or niri open or close GLSL file to play instead of a built-in effect.")
    var shader: String?

    @Option(help: "Duration, e.g. 350ms or 1.2s (default: the effect's own).")
    var duration: String?

    @Option(help: "Easing: linear, ease, ease-in, ease-out, ease-in-out or cubic-bezier(x1,y1,x2,y2).")
    var easing: String?

    @Option(name: .customLong("param"), help: "Set an effect parameter, NAME=VALUE (repeatable).")
    var params: [String] = []

    /// The effect with every option applied; any mistake becomes a CommandError
    /// carrying one clear line.
    func settings() throws -> EffectSettings {
        let descriptor: EffectDescriptor
        switch (effect, shader) {
        case (nil, nil):
            throw CommandError("name an effect or give --shader FILE")
        case (_?, _?):
            throw CommandError("give either an effect name or --shader, not both")
        case (let name?, nil):
            do { descriptor = try ConfiguredEffects.registry(config: config).effect(named: name) } catch let error as CommandError {
                throw error
            } catch {
                throw CommandError("\(error)")
            }
        case (nil, let path?):
            do {
                let source = try ShaderSource.load(path: path)
                let name = String(path.split(separator: "/").last ?? "shader").replacingOccurrences(of: ".glsl", with: "")
                descriptor = try EffectDescriptor(name: name, source: source, origin: .userShader)
            } catch {
                throw CommandError("\(error)")
            }
        }
        var settings = EffectSettings(descriptor)
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
