import ArgumentParser
import SegueIPC

/// `--on`, `--off`, or neither: the other way from how the window is.
struct StateSwitch: ParsableArguments {
    @Flag(help: "Into the state, whatever it is now.")
    var on = false

    @Flag(help: "Out of the state, whatever it is now.")
    var off = false

    func validate() throws {
        guard !(on && off) else { throw ValidationError("--on and --off ask opposite things: give one, or neither to toggle") }
    }

    var wanted: Bool? { on ? true : off ? false : nil }
}

struct MsgMaximizeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "maximize",
        abstract: "Maximize a window, by default the shown one, or unmaximize it; it moves there with [transitions.resize] (free placement only).")

    @Option(help: "A window id from `segue msg windows`; by default the shown window.")
    var window: Int?

    @OptionGroup var state: StateSwitch

    @Flag(help: "Reply only once it is drawn so: its resize finished, or it was shown at once.")
    var wait = false

    @OptionGroup var connection: MsgConnection

    func run() throws { try connection.send(.setState(.maximized, on: state.wanted, window: window, wait: wait)) }
}

struct MsgFullscreenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fullscreen",
        abstract: "Make a window, by default the shown one, fullscreen, or leave it; it moves there with [transitions.resize].")

    @Option(help: "A window id from `segue msg windows`; by default the shown window.")
    var window: Int?

    @OptionGroup var state: StateSwitch

    @Flag(help: "Reply only once it is drawn so: its resize finished, or it was shown at once.")
    var wait = false

    @OptionGroup var connection: MsgConnection

    func run() throws { try connection.send(.setState(.fullscreen, on: state.wanted, window: window, wait: wait)) }
}
