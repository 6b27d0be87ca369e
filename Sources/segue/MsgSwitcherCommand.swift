import ArgumentParser
import SegueIPC

/// `segue msg switcher open|next|prev|commit|cancel`: the held window switcher, one step a request.
struct MsgSwitcherCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "switcher",
        abstract: "Step the window switcher as Alt+Tab does: open (the second most recent selected), next, prev, commit or cancel.")

    @Argument(help: "open, next, prev, commit or cancel.")
    var step: String

    @Flag(help: "With open, next or prev: list the shown window's app alone, as Alt+grave does.")
    var sameApp = false

    @OptionGroup var connection: MsgConnection

    func run() throws {
        let parsed: SwitcherStep
        switch step {
        case "open": parsed = .open(sameApp: sameApp)
        case "next": parsed = .next(sameApp: sameApp)
        case "prev": parsed = .prev(sameApp: sameApp)
        case "commit", "cancel":
            guard !sameApp else { throw CommandError("--same-app goes with open, next or prev") }
            parsed = step == "commit" ? .commit : .cancel
        default: throw CommandError("the switcher's step is open, next, prev, commit or cancel, not '\(step)'")
        }
        try connection.send(.switcher(parsed))
    }
}
