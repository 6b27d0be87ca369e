import ArgumentParser
import Foundation
import SegueConfig
import SegueEngine
import SegueRender

struct CheckConfigCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check-config",
        abstract: "Check a config file and print what each event and rule plays.",
        discussion: """
            Each problem is printed on stderr as file:line:col: message, and the command exits 1; \
            a note (file:line:col: note: message) says what loads but may not play as meant. \
            User shaders are compiled, which needs EGL; without it they are only parsed.
            """)

    @Argument(help: "The config file (default: $XDG_CONFIG_HOME/segue/config.toml, else ~/.config/segue/config.toml).")
    var file: String?

    func run() throws {
        let builtins = try EffectRegistry.builtin()
        guard let path = file ?? ConfigLoader.defaultPath(environment: ProcessInfo.processInfo.environment) else {
            print("no config file in $XDG_CONFIG_HOME/segue or ~/.config/segue; the built-in defaults apply")
            print(ConfigSummary.text(.defaults(registry: builtins)))
            return
        }
        let compiler = ShaderCompiler()
        let result = ConfigLoader.load(path: path, builtins: builtins, checkShader: compiler.check)
        if let reason = compiler.unavailable {
            Self.printError("note: user shaders were parsed but not compiled: \(reason)")
        }
        switch result {
        case .success(let config):
            for note in config.notes { Self.printError(Diagnostic(path: note.path, line: note.line, column: note.column,
                                                                  message: "note: " + note.message).description) }
            print(ConfigSummary.text(config))
        case .failure(let errors):
            for diagnostic in errors.diagnostics { Self.printError(diagnostic.description) }
            throw ExitCode.failure
        }
    }

    private static func printError(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}
