import ArgumentParser
import SegueEngine
import SegueIPC

/// `segue msg switcher open|next|prev|commit|cancel`: the held window switcher, one step a request.
struct MsgSwitcherCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "switcher",
        abstract: "Step the window switcher as Alt+Tab does: open (the second most recent selected), next, prev, commit or cancel.")

    @Argument(help: "open, next, prev, commit or cancel.")
    var step: String

    @Option(help: "With open, next or prev: list every window (all) or the shown window's app alone (app-id, as Alt+grave does); without it, as [switcher] filter says.")
    var filter: String?

    @OptionGroup var connection: MsgConnection

    func run() throws {
        let named = try filter.map { name in
            guard let filter = SwitcherFilter(rawValue: name) else { throw CommandError("--filter is all or app-id, not '\(name)'") }
            return filter
        }
        do {
            guard let parsed = try SwitcherStep(step, filter: named) else {
                throw CommandError("the switcher's step is open, next, prev, commit or cancel, not '\(step)'")
            }
            try connection.send(.switcher(parsed))
        } catch let error as IPCError {
            throw CommandError(error.description)
        }
    }
}
