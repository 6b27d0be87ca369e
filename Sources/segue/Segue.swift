import ArgumentParser

@main
struct Segue: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "segue",
        abstract: "GPU window-switch transitions for Wayland.",
        subcommands: [EffectsCommand.self, PreviewCommand.self, BenchCommand.self, DemoCommand.self]
    )
}
