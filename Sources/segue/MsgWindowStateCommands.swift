import ArgumentParser
import SegueIPC

/// What `maximize` and `fullscreen` both take: the window, `--on`, `--off`
/// or neither (the other way from how it is), and `--wait`.
struct WindowStateOptions: ParsableArguments {
    @Option(help: "A window id from `segue msg windows`; by default the shown window.")
    var window: Int?

    @Flag(help: "Into the state, whatever it is now.")
    var on = false

    @Flag(help: "Out of the state, whatever it is now.")
    var off = false

    @Flag(help: "Reply only once it is drawn so: its resize finished, or it was shown at once.")
    var wait = false

    @OptionGroup var connection: MsgConnection

    func validate() throws {
        guard !(on && off) else { throw ValidationError("--on and --off ask opposite things: give one, or neither to toggle") }
    }

    func send(_ state: WindowState) throws {
        try connection.send(.setState(state, on: on ? true : off ? false : nil, window: window, wait: wait))
    }
}

struct MsgMaximizeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "maximize",
        abstract: "Maximize a window, by default the shown one, or unmaximize it; it moves there with [transitions.resize] (free placement only).")

    @OptionGroup var options: WindowStateOptions

    func run() throws { try options.send(.maximized) }
}

struct MsgFullscreenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fullscreen",
        abstract: "Make a window, by default the shown one, fullscreen, or leave it; it moves there with [transitions.resize].")

    @OptionGroup var options: WindowStateOptions

    func run() throws { try options.send(.fullscreen) }
}
