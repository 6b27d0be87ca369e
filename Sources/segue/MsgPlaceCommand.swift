import ArgumentParser
import SegueIPC

struct MsgPlaceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "place",
        abstract: "Put a window's top left at X,Y on the output, in surface units (free placement only: segue run --placement free).")

    @Option(help: "A window id from `segue msg windows`.")
    var window: Int

    @Argument(help: "Left edge, in surface units.")
    var x: Int

    @Argument(help: "Top edge, in surface units.")
    var y: Int

    @OptionGroup var connection: MsgConnection

    func run() throws { try connection.send(.place(window: window, x: x, y: y)) }
}
