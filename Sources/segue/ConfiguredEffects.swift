import Foundation
import SegueConfig
import SegueEngine

/// The effects a config defines beside the built-in ones, for commands that
/// play or list effects outside the compositor: `--config FILE`, else the
/// user's config where there is one (its shaders parsed, not compiled).
enum ConfiguredEffects {
    /// The config, or the built-in defaults where there is none to read.
    static func loaded(config: String?) throws -> SegueConfig {
        let builtins = try EffectRegistry.builtin()
        guard let path = config ?? ConfigLoader.defaultPath(environment: ProcessInfo.processInfo.environment) else {
            return .defaults(registry: builtins)
        }
        switch ConfigLoader.load(path: path, builtins: builtins, checkShader: { _ in [] }) {
        case .success(let loaded): return loaded
        case .failure(let errors):
            // Named on purpose, the file's problems stop the command; the default one only goes unused.
            guard config == nil else { throw CommandError(errors.diagnostics.map(\.description).joined(separator: "\n")) }
            return .defaults(registry: builtins)
        }
    }
}
