import ArgumentParser
import Foundation
import SegueEngine
import SegueImaging
import SegueRender

/// The main job until the compositor exists: every built-in effect, forward
/// and reverse, as contact sheets, and a table of what it cost.
struct DemoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo", abstract: "Preview every built-in effect into contact sheets.")

    @Option(help: "Folder for the contact sheets.")
    var out = "segue-demo"

    @Option(help: "Frame size.")
    var size = Size(width: 960, height: 540)

    @Option(help: "Frames per contact sheet (2...64).")
    var frames = 12

    func run() throws {
        guard (2...64).contains(frames) else { throw CommandError("--frames must be in 2...64, not \(frames)") }
        let size = try size.validated()
        let renderer = try Renderer()
        let effects = try EffectRegistry.builtin().all
        let first = TestScreens.first(width: size.width, height: size.height)
        let second = TestScreens.second(width: size.width, height: size.height)
        let output = try OutputDirectory(path: out, marker: "summary.txt")
        var lines = ["renderer: \(renderer.context.renderer) (EGL \(renderer.context.platform.rawValue))", "",
                     "| effect | direction | duration | frames | ms per frame incl. read-back |", "| --- | --- | ---: | ---: | ---: |"]
        do {
            for effect in effects {
                for direction in [TransitionDirection.forward, .reverse] {
                    let settings = EffectSettings(effect)
                    let start = DispatchTime.now().uptimeNanoseconds
                    let rendered = try Preview(settings: settings, direction: direction, frameCount: frames)
                        .render(from: first, to: second, with: renderer)
                    let perFrame = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6 / Double(frames)
                    let sheet = ContactSheet(title: "\(effect.name) \(direction.rawValue)")
                        .render(frames: rendered.map { ($0.image, $0.label) })
                    try PNG.write(sheet, to: output.file("\(effect.name)-\(direction.rawValue).png"))
                    lines.append("| \(effect.name) | \(direction.rawValue) | \(Int(settings.duration * 1000)) ms | \(frames) | \(String(format: "%.1f", perFrame)) |")
                }
            }
            try (lines.joined(separator: "\n") + "\n").write(toFile: output.file("summary.txt"), atomically: true, encoding: .utf8)
            try output.commit()
        } catch {
            output.discard()
            throw error
        }
        lines.forEach { print($0) }
        print("\ncontact sheets in \(out)/")
    }
}
