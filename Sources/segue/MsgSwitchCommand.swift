import ArgumentParser
import SegueEngine
import SegueIPC

struct MsgSwitchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "switch", abstract: "Bring a window forward with a transition.")

    @Argument(help: "next or prev (in opening order), previous (the window shown before this one), a window id from `segue msg windows`, or app-id:NAME / title:GLOB (the most recently shown match).")
    var target: String

    @Option(help: "The effect to play instead of the configured one.")
    var effect: String?

    @Option(help: "How long it plays instead of the configured duration: 350ms, 1.2s or 0.5 (seconds).")
    var duration: String?

    @Flag(help: "Reply only once the transition has finished.")
    var wait = false

    @OptionGroup var connection: MsgConnection

    func run() throws {
        let target: SwitchTarget
        do {
            target = try SwitchTarget(parsing: self.target)
        } catch {
            throw CommandError(error.message)
        }
        let seconds: Double?
        do throws(TimingCurveError) {
            seconds = try duration.map { text throws(TimingCurveError) in try TimeSpan.parse(text) }
        } catch {
            throw CommandError("--duration: \(error.message)")
        }
        try connection.send(.switchWindow(target: target, effect: effect, wait: wait, duration: seconds))
    }
}
