import ArgumentParser
import SegueEngine

@main
struct Segue: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "segue",
        abstract: "GPU window-switch transitions for Wayland.",
        version: SegueVersion.text,
        subcommands: [RunCommand.self, DemoCommand.self, MsgCommand.self, EffectsCommand.self, PreviewCommand.self, BenchCommand.self,
                      CheckConfigCommand.self, ProbeShaderCommand.self]
    )
}
