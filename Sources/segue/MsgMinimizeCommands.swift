import ArgumentParser
import SegueIPC

struct MsgMinimizeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "minimize",
        abstract: "Minimize a window, by default the shown one, with [transitions.minimize]: the one shown before it comes back.")

    @Option(help: "A window id from `segue msg windows`; by default the shown window.")
    var window: Int?

    @Flag(help: "Reply only once the transition away from it has finished.")
    var wait = false

    @OptionGroup var connection: MsgConnection

    func run() throws { try connection.send(.minimize(window: window, wait: wait)) }
}

struct MsgRestoreCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "restore", abstract: "Restore a minimized window on top of its workspace, with [transitions.restore].")

    @Option(help: "A minimized window's id from `segue msg windows`; by default the one minimized last on the shown workspace.")
    var window: Int?

    @Flag(help: "Reply only once its transition has finished.")
    var wait = false

    @OptionGroup var connection: MsgConnection

    func run() throws { try connection.send(.restore(window: window, wait: wait)) }
}
