import Foundation
import SegueEngine
import SegueShaders

extension EffectRegistry {
    /// The effects shipped in `Shaders/effects`, one per file.
    public static func builtin() throws -> EffectRegistry {
        var registry = EffectRegistry()
        let files = ShaderFiles.effects
        guard !files.isEmpty else {
            throw RenderError("Segue's built-in effect shaders are missing; reinstall Segue")
        }
        for url in files {
            let source = try ShaderSource.load(path: url.path), name = url.deletingPathExtension().lastPathComponent
            // Each file's layered form, where it has one, joins it in one registry entry.
            registry.register(try EffectDescriptor(name: name, source: source, origin: .builtin,
                                                   layered: LayeredEffects.builtin(named: name)))
        }
        return registry
    }

    /// A plain copy of `from`, the baseline benchmarks compare effects with.
    public static func copyEffect() throws -> EffectDescriptor {
        let path = ShaderFiles.libraryPath("copy.glsl")
        return try EffectDescriptor(name: "copy", source: try ShaderSource.load(path: path), origin: .builtin)
    }
}
