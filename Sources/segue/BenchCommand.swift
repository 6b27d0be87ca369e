import ArgumentParser
import Foundation
import SegueEngine
import SegueRender

struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Median milliseconds per frame for every effect and for reference rows (the old full-screen copy, a blit, an upload, a read-back, plain compositing, a turned screen), with ratios measured in one run.")

    @Option(help: "Frame size.")
    var size = Size(width: 1920, height: 1080)

    @Option(help: "Frames measured per effect (3...1000); medians of fewer move with a busy machine.")
    var frames = 120

    @Flag(help: "Print JSON instead of a table.")
    var json = false

    func run() throws {
        guard (3...1000).contains(frames) else { throw CommandError("--frames must be in 3...1000, not \(frames)") }
        let size = try size.validated()
        let renderer = try Renderer()
        let effects = try EffectRegistry.builtin().all
        let rows = try Benchmark(width: size.width, height: size.height, frames: frames)
            .run(effects: effects, renderer: renderer)
        if json {
            let object: [String: Any] = [
                "size": size.description, "frames": frames, "renderer": renderer.context.renderer,
                "storage": "\(TextureStorage.native)",
                "references": rows.filter(\.isReference).map(Self.json),
                "effects": rows.filter { !$0.isReference }.map(Self.json),
            ]
            let data = try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys])
            print(String(decoding: data, as: UTF8.self))
            return
        }
        print("\(size) frames, median of \(frames), \(renderer.context.renderer) via EGL \(renderer.context.platform.rawValue), \(TextureStorage.native) textures")
        print("| row | median ms/frame | × reference-copy | × blit |")
        print("| --- | ---: | ---: | ---: |")
        for row in rows {
            print("| \(row.name) | \(String(format: "%.2f", row.medianMilliseconds)) | \(String(format: "%.2f", row.ratioToCopy)) | \(String(format: "%.1f", row.ratioToBlit)) |")
        }
    }

    private static func json(_ row: Benchmark.Row) -> [String: Any] {
        ["effect": row.name, "median_ms": row.medianMilliseconds, "ratio_to_copy": row.ratioToCopy, "ratio_to_blit": row.ratioToBlit]
    }
}
