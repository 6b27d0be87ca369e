import ArgumentParser

@main
struct Segue: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "segue",
        abstract: "GPU window-switch transitions for Wayland.",
        version: "0.5.0",
        subcommands: [RunCommand.self, DemoCommand.self, MsgCommand.self, EffectsCommand.self, PreviewCommand.self, BenchCommand.self,
                      CheckConfigCommand.self, ProbeShaderCommand.self]
    )
}
