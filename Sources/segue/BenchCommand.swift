import ArgumentParser
import Foundation
import SegueConfig
import SegueEngine
import SegueRender

struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Median milliseconds per frame for every effect, alone and in a desktop's scenes (workspace switches, a notification, a minimize), and for reference rows (the old full-screen copy, a blit, an upload, a read-back, plain compositing, a turned screen), with ratios measured in one run.")

    @Option(parsing: .unconditional, help: ArgumentHelp("Frame size.", valueName: "WIDTHxHEIGHT"))
    var size = Size(width: 1920, height: 1080)

    @Option(help: "Frames measured per effect (3...1000); medians of fewer move with a busy machine.")
    var frames = 120

    @Option(help: "Measure the effects this config defines ([effects.NAME]) instead of the built-ins.")
    var config: String?

    @Option(help: "Measure this gl-transitions, niri or Burn-My-Windows shader file instead of the built-ins (repeatable).")
    var shader: [String] = []

    @Flag(help: "Print JSON instead of a table.")
    var json = false

    func run() throws {
        guard (3...1000).contains(frames) else { throw CommandError("--frames must be in 3...1000, not \(frames)") }
        let size = try size.validated()
        let renderer = try Renderer()
        let effects = try measured(renderer: renderer)
        let rows = try Benchmark(width: size.width, height: size.height, frames: frames)
            .run(effects: effects, renderer: renderer)
        let drawn = Self.drawn(rows)
        if json {
            let object: [String: Any] = [
                "size": size.description, "frames": frames, "renderer": renderer.context.renderer,
                "storage": "\(TextureStorage.native)",
                "references": rows.indices.filter { rows[$0].isReference }.map { Self.json(rows[$0], drawn: false) },
                "effects": rows.indices.filter { !rows[$0].isReference }.map { Self.json(rows[$0], drawn: drawn.contains($0)) },
            ]
            let data = try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys])
            print(String(decoding: data, as: UTF8.self))
            return
        }
        print("\(size) frames, median of \(frames), \(renderer.context.renderer) via EGL \(renderer.context.platform.rawValue), \(TextureStorage.native) textures")
        print("| row | form | scale | median ms/frame | × reference-copy | × blit | drawn here |")
        print("| --- | --- | --- | ---: | ---: | ---: | --- |")
        for (index, row) in rows.enumerated() {
            let form = row.form.map { "\($0)\(row.scene.words)" } ?? ""
            let scale = row.isReference ? "" : row.scale == 1 ? "1" : "1/2"
            print("| \(row.name) | \(form) | \(scale) | \(String(format: "%.2f", row.medianMilliseconds)) | \(String(format: "%.2f", row.ratioToCopy)) "
                  + "| \(String(format: "%.1f", row.ratioToBlit)) | \(drawn.contains(index) ? "yes" : "") |")
        }
    }

    /// The built-ins, or the user's own effects where --config or --shader name
    /// some, each compiled first so a mistake is one clear line per problem.
    private func measured(renderer: Renderer) throws -> [EffectDescriptor] {
        let builtins = try EffectRegistry.builtin()
        guard config != nil || !shader.isEmpty else { return builtins.all }
        var effects: [EffectDescriptor] = []
        if let config {
            switch ConfigLoader.load(path: config, builtins: builtins, checkShader: { renderer.problems(compiling: $0) }) {
            case .success(let loaded):
                let own = loaded.effects.all.filter { $0.origin == .userShader }
                guard !own.isEmpty else { throw CommandError("\(config) defines no effects of its own: give it an [effects.NAME] with a shader") }
                effects += own
            case .failure(let errors):
                throw CommandError(errors.diagnostics.map(\.description).joined(separator: "\n"))
            }
        }
        for path in shader {
            let effect: EffectDescriptor
            do {
                let name = String(path.split(separator: "/").last ?? "shader").replacingOccurrences(of: ".glsl", with: "")
                effect = try EffectDescriptor(name: name, source: ShaderSource.load(path: path), origin: .userShader)
            } catch {
                throw CommandError("\(error)")
            }
            let problems = renderer.problems(compiling: effect)
            guard problems.isEmpty else { throw CommandError(problems.joined(separator: "\n")) }
            effects.append(effect)
        }
        return effects
    }

    /// The rows of the forms the compositor would draw here at full size: of an
    /// effect's two, the faster, as it chooses by timing both on the output's size.
    private static func drawn(_ rows: [Benchmark.Row]) -> Set<Int> {
        let effects = Dictionary(grouping: rows.indices.filter { !rows[$0].isReference && rows[$0].scale == 1 && rows[$0].scene == .alone },
                                 by: { rows[$0].name })
        return Set(effects.values.compactMap { $0.min { rows[$0].medianMilliseconds < rows[$1].medianMilliseconds } })
    }

    private static func json(_ row: Benchmark.Row, drawn: Bool) -> [String: Any] {
        var object: [String: Any] = ["effect": row.name, "median_ms": row.medianMilliseconds, "ratio_to_copy": row.ratioToCopy,
                                     "ratio_to_blit": row.ratioToBlit]
        if let form = row.form {
            object["form"] = "\(form)"
            object["drawn"] = drawn
            object["scale"] = row.scale
            object["over_desktop"] = row.overDesktop
            object["scene"] = row.scene.rawValue
        }
        return object
    }
}
