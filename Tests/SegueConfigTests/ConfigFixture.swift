import Foundation
import SegueConfig
import SegueEngine
import SegueTestSupport
import XCTest

/// The repository's built-in effects, read from Shaders/effects without GL,
/// and helpers that parse config text the way the compositor does.
enum ConfigFixture {
    static let repository = SourceTree.root

    static let builtins: EffectRegistry = {
        var registry = EffectRegistry()
        let folder = repository.appendingPathComponent("Shaders/effects")
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        for file in files where file.hasSuffix(".glsl") {
            let path = folder.appendingPathComponent(file).path
            guard let source = try? ShaderSource.load(path: path),
                  let effect = try? EffectDescriptor(name: String(file.dropLast(5)), source: source, origin: .builtin)
            else { continue }
            registry.register(effect)
        }
        return registry
    }()

    static let path = "/etc/segue/config.toml"

    static func parse(_ text: String, path: String = path,
                      checkShader: (EffectDescriptor) -> [String] = { _ in [] }) -> Result<SegueConfig, ConfigErrors> {
        ConfigLoader.parse(text: text, path: path, builtins: builtins, checkShader: checkShader)
    }

    /// The config, failing the test with every diagnostic when there are any.
    static func config(_ text: String, path: String = path, file: StaticString = #filePath,
                       line: UInt = #line) throws -> SegueConfig {
        switch parse(text, path: path) {
        case .success(let config): return config
        case .failure(let errors):
            XCTFail("unexpected diagnostics:\n\(errors)", file: file, line: line)
            throw errors
        }
    }

    /// Each diagnostic as `line:column: message`, for configs at `path`.
    static func problems(_ text: String, path: String = path,
                         checkShader: (EffectDescriptor) -> [String] = { _ in [] }) -> [String] {
        switch parse(text, path: path, checkShader: checkShader) {
        case .success: return []
        case .failure(let errors):
            return errors.diagnostics.map { d in
                (d.path == path ? "" : d.path + ":") + "\(d.line):" + (d.column.map { "\($0):" } ?? "") + " \(d.message)"
            }
        }
    }

    /// A fresh folder, removed by the caller.
    static func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("segue-config-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
