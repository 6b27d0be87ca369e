import ArgumentParser
import SegueIPC

/// `segue msg gesture begin|update|end|cancel`: a switch driven by hand, one step a request.
struct MsgGestureCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gesture", abstract: "Drive a switch by hand: begin, update, end or cancel.",
        subcommands: [Begin.self, Update.self, End.self, Cancel.self])

    struct Begin: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Start dragging toward a window, or another workspace.")
        @Argument(help: "next, prev, a window id from `segue msg windows`, or workspace:N|next|prev.")
        var target: String
        @OptionGroup var connection: MsgConnection

        func run() throws {
            do {
                if target.hasPrefix("workspace:") {
                    try connection.send(.gesture(.beginWorkspace(try WorkspaceTarget(parsing: String(target.dropFirst("workspace:".count))))))
                    return
                }
                try connection.send(.gesture(.begin(try SwitchTarget(parsing: target))))
            } catch let error as IPCError {
                throw CommandError(error.message)
            }
        }
    }

    struct Update: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Move the hand to a progress (0 the shown window, 1 the target).")
        @Argument(help: "The progress, a number; beyond 0...1 is rubber-banded.")
        var progress: Double
        @OptionGroup var connection: MsgConnection

        func validate() throws {
            guard progress.isFinite else { throw ValidationError("progress must be a finite number") }
        }

        func run() throws { try connection.send(.gesture(.update(progress))) }
    }

    struct End: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Let go; the reply comes when the transition has come to rest, finished or cancelled.")
        @Option(help: "The flick's speed in progress per second (default: as fast as the hand last moved).")
        var velocity: Double?
        @OptionGroup var connection: MsgConnection

        func validate() throws {
            if let velocity, !velocity.isFinite { throw ValidationError("velocity must be a finite number") }
        }

        func run() throws { try connection.send(.gesture(.end(velocity: velocity))) }
    }

    struct Cancel: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Go back to the window (or workspace) that was shown.")
        @OptionGroup var connection: MsgConnection

        func run() throws { try connection.send(.gesture(.cancel)) }
    }
}
