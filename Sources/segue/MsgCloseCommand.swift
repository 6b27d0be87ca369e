import ArgumentParser
import SegueIPC

struct MsgCloseCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "close", abstract: "Ask a window to close, as its close button would; closing the shown one pops back.")

    @Argument(help: "A window id from `segue msg windows`; by default the shown window.")
    var window: Int?

    @Flag(help: "Reply only once the window has closed and the transition away from it has finished (the client may refuse: then it waits on).")
    var wait = false

    @OptionGroup var connection: MsgConnection

    func run() throws {
        try connection.send(.close(target: window.map { .window(id: $0) }, wait: wait))
    }
}
