import ArgumentParser
import SegueEngine
import SegueImaging
import SegueRender

struct PreviewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "preview",
        abstract: "Render an effect to PNG frames and a contact sheet, with no display.")

    @OptionGroup var choice: EffectChoice

    @Option(help: "PNG shown as the current screen (default: a built-in test screen).")
    var from: String?

    @Option(help: "PNG shown as the next screen (default: a second built-in test screen).")
    var to: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("Frame size; defaults to the PNGs' size, else 960x540.", valueName: "WIDTHxHEIGHT"))
    var size: Size?

    @Option(help: "How many frames to render, first and last included (2...240).")
    var frames = 16

    @Flag(help: "Play the effect in reverse, as a pop.")
    var reverse = false

    @Option(help: "Folder to write frame-NNN.png and contact-sheet.png into.")
    var out: String

    func run() throws {
        guard (2...240).contains(frames) else { throw CommandError("--frames must be in 2...240, not \(frames)") }
        guard (from == nil) == (to == nil) else { throw CommandError("give both --from and --to, or neither") }
        let settings = try choice.settings()
        let (first, second) = try screens()
        let renderer = try Renderer()
        let preview = Preview(settings: settings, direction: reverse ? .reverse : .forward, frameCount: frames)
        let output = try OutputDirectory(path: out, removedOnInterrupt: true)
        do {
            let rendered = try preview.render(from: first, to: second, with: renderer)
            for (i, frame) in rendered.enumerated() {
                try PNG.write(frame.image, to: output.file("frame-" + threeDigits(i) + ".png"))
            }
            let title = "\(settings.effect.name)\(reverse ? " (reverse)" : "") \(first.width)x\(first.height)"
            let sheet = ContactSheet(title: title).render(frames: rendered.map { ($0.image, $0.label) })
            try PNG.write(sheet, to: output.file("contact-sheet.png"))
            try output.commit()
        } catch {
            output.discard()
            throw error
        }
        print("wrote \(frames) frames and contact-sheet.png to \(out)")
    }

    private func screens() throws -> (RGBAImage, RGBAImage) {
        if let from, let to {
            let a = try PNG.read(path: from), b = try PNG.read(path: to)
            let target = try (size ?? Size(width: a.width, height: a.height)).validated()
            return (a.scaled(toWidth: target.width, height: target.height),
                    b.scaled(toWidth: target.width, height: target.height))
        }
        let s = try (size ?? Size(width: 960, height: 540)).validated()
        return (TestScreens.first(width: s.width, height: s.height), TestScreens.second(width: s.width, height: s.height))
    }
}

/// 7 → "007".
private func threeDigits(_ n: Int) -> String {
    let digits = String(n)
    return String(repeating: "0", count: max(0, 3 - digits.count)) + digits
}
