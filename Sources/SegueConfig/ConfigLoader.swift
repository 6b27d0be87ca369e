import Foundation
import SegueEngine
import TOMLKit

/// Reads Segue's config file. Every problem comes back as a located
/// diagnostic; nothing here crashes or stops at the first mistake.
public enum ConfigLoader {
    /// `checkShader` compiles a user effect (the caller has the GL context) and
    /// returns its problems as `file:line:col: message` lines, or none.
    /// `settings` apply over the file, as if it said them.
    public static func load(path: String, builtins: EffectRegistry, settings: [ConfigSetting] = [],
                            checkShader: (EffectDescriptor) -> [String]) -> Result<SegueConfig, ConfigErrors> {
        switch ConfigFile.read(path: path) {
        case .success(let text): parse(text: text, path: path, builtins: builtins, settings: settings, checkShader: checkShader)
        case .failure(let errors): .failure(errors)
        }
    }

    /// `path` names the text in messages and anchors relative shader paths.
    public static func parse(text: String, path: String, builtins: EffectRegistry, settings: [ConfigSetting] = [],
                             checkShader: (EffectDescriptor) -> [String]) -> Result<SegueConfig, ConfigErrors> {
        func failure(_ message: String, at position: SourcePosition) -> Result<SegueConfig, ConfigErrors> {
            .failure(ConfigErrors([ConfigDiagnostic(path: path, line: max(1, position.line),
                                                    column: max(1, position.column), message: message)]))
        }
        if let problem = ConfigText.problem(in: text) { return failure(problem.message, at: problem.position) }
        let locator = TOMLLocator(text: text)
        if let header = locator.headerWithoutName {
            return failure("expected a table name after '[': a bare key or a quoted one", at: header)
        }
        let root: TOMLTable
        do {
            root = try TOMLTable(string: text)
        } catch let error as TOMLParseError {
            let start = error.source.begin
            return failure(TOMLSyntaxMessage.plain(error.description, line: start.line, in: text),
                           at: SourcePosition(line: start.line, column: start.column))
        } catch {
            return failure("\(error)", at: .start)
        }
        var node = TOMLNode(root)
        for setting in settings {
            switch node.setting(setting.node, at: setting.path[...]) {
            case .success(let set): node = set
            case .failure(let error):
                return .failure(ConfigErrors([.setting("cannot set \(setting.key): \(error.message)")]))
            }
        }
        guard case .table(let table) = node else { return failure("not a TOML table", at: .start) }
        return ConfigReader(path: path, locator: locator, builtins: builtins, settings: settings).read(table, checkShader: checkShader)
    }

    /// `$XDG_CONFIG_HOME/segue/config.toml`, else `~/.config/segue/config.toml`:
    /// the first that exists, or nil when neither does (built-in defaults apply).
    public static func defaultPath(environment: [String: String]) -> String? {
        var candidates: [String] = []
        // The XDG spec ignores a relative XDG_CONFIG_HOME.
        if let base = environment["XDG_CONFIG_HOME"], base.hasPrefix("/") {
            candidates.append(base + "/segue/config.toml")
        }
        if let home = environment["HOME"], !home.isEmpty {
            candidates.append(home + "/.config/segue/config.toml")
        }
        return candidates.first { FileManager.default.fileExists(atPath: $0) }
    }
}
