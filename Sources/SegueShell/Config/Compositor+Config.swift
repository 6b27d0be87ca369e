import Foundation
import Logging
import SegueConfig
import SegueEngine
import SegueRender

/// Loading the config file at start and again whenever it changes. A file
/// with any problem is rejected whole and the config in force stays.
extension Compositor {
    /// The file's config, the one given in code, or the defaults. Problems in
    /// the file are logged and the defaults apply: a bad file never stops Segue.
    static func initialConfig(options: CompositorOptions, builtins: EffectRegistry, renderer: Renderer,
                              log: Logger) -> SegueConfig {
        guard let path = options.configPath else { return options.config ?? .defaults(registry: builtins) }
        switch ConfigLoader.load(path: path, builtins: builtins, checkShader: shaderCheck(renderer, options)) {
        case .success(let config):
            log.info("config: \(path)")
            for note in config.notes { log.notice("\(note)") }
            return config
        case .failure(let errors):
            for diagnostic in errors.diagnostics { log.error("\(diagnostic)") }
            log.error("config \(path) has problems; using the built-in defaults until it is fixed")
            return options.config ?? .defaults(registry: builtins)
        }
    }

    /// A user shader's compile problems, or when it compiles, the probe's.
    static func shaderCheck(_ renderer: Renderer, _ options: CompositorOptions) -> (EffectDescriptor) -> [String] {
        { effect in
            let problems = renderer.problems(compiling: effect)
            return problems.isEmpty ? options.probeShader?(effect) ?? [] : problems
        }
    }

    /// Rereads the config file. On success it applies from the next
    /// transition (one in flight keeps its settings); on failure the problems
    /// come back, one `file:line:col: message` each, and nothing changes.
    /// Nil when no config file is in use.
    func reloadConfig() -> Result<SegueConfig, ConfigErrors>? {
        guard let path = options.configPath else { return nil }
        let result = ConfigLoader.load(path: path, builtins: builtins, checkShader: Self.shaderCheck(renderer, options))
        switch result {
        case .success(let loaded):
            config = loaded
            // Values set at runtime last only until the file is read again.
            settings = []
            log.info("config reloaded: \(path)")
            for note in loaded.notes { log.notice("\(note)") }
            control.emit("config_reloaded", ["path": .string(path), "rules": .number(Double(loaded.rules.count))])
            // [output] scale and key repeat apply at once; size and refresh only at start.
            if output.scale != outputScale { outputChanged() }
            input.applyKeyRepeat()
            applyXwayland()
            // The shader files it names may be others now.
            watchConfig()
            readyEffects()
        case .failure(let errors):
            for diagnostic in errors.diagnostics { log.error("\(diagnostic)") }
            log.error("config \(path) rejected; the previous config stays in force")
            control.emit("config_refused", ["path": .string(path), "problems": .array(errors.diagnostics.map { .string("\($0)") })])
        }
        return result
    }

    /// The effects the config in force can play are readied from the next turn on.
    func readyEffects() { effectReadying?.start(config.effectsInUse) }

    /// Applies `setting` over the config file (or the defaults, without one) and
    /// the values set before it, as if the file said them; on failure the
    /// problems come back and nothing changes.
    func set(_ setting: ConfigSetting) -> Result<SegueConfig, ConfigErrors> {
        let settings = self.settings.filter { $0.key != setting.key } + [setting]
        let check = Self.shaderCheck(renderer, options)
        let result = if let path = options.configPath {
            ConfigLoader.load(path: path, builtins: builtins, settings: settings, checkShader: check)
        } else {
            ConfigLoader.parse(text: "", path: "(no config file)", builtins: builtins, settings: settings, checkShader: check)
        }
        if case .success(let loaded) = result {
            config = loaded
            self.settings = settings
            log.info("config: set \(setting.key) = \(setting.value), until the file is read again")
            readyEffects()
            if output.scale != outputScale { outputChanged() }
            input.applyKeyRepeat()
            applyXwayland()
        }
        return result
    }

    /// Reloads when the file, or a shader file it names, is written or replaced.
    func watchConfig() {
        guard let path = options.configPath else { return }
        let paths = [path] + config.effects.all.filter { $0.origin == .userShader }.map(\.source.path)
        // The watcher in use keeps what was saved since it last read: it is told the new files, not replaced.
        if let configWatcher {
            if !configWatcher.watch(paths) { log.warning("cannot watch every shader of \(path) for changes; use segue msg reload") }
            return
        }
        configWatcher = ConfigWatcher(loop: server.eventLoop, paths: paths) { [unowned self] in _ = reloadConfig() }
        if configWatcher == nil { log.warning("cannot watch \(path) for changes; use segue msg reload") }
    }
}
