import ArgumentParser
import Foundation
import SegueIPC

/// The options every `msg` subcommand takes, and the exchange they share.
struct MsgConnection: ParsableArguments {
    @Option(help: ArgumentHelp("The Segue to talk to: its Wayland socket's name, as `segue run --socket` takes it (wayland-1), or its control socket's path.",
                               discussion: "Default: $SEGUE_SOCKET, else the Segue at $WAYLAND_DISPLAY, else the only Segue running."))
    var socket: String?

    @Flag(help: "Print the reply as the line of JSON it came as, for scripts.")
    var json = false

    /// Prints the reply on stdout, for a person or with --json as it came; a
    /// refusal is one line on stderr (with --json, the reply on stdout) and fails the command.
    func send(_ request: IPCRequest) throws {
        let reply: IPCReply
        do throws(IPCError) {
            reply = try IPCClient(path: socketPath()).send(request)
        } catch {
            throw CommandError(error.message)
        }
        if json {
            print(reply.encoded())
            if !reply.ok { throw ExitCode.failure }
            return
        }
        guard reply.ok else {
            var message = reply.error ?? "the compositor refused the request"
            if case .array(let problems)? = reply.payload["problems"] {
                message += problems.compactMap { if case .string(let p) = $0 { "\n" + p } else { nil } }.joined()
            }
            throw CommandError(message)
        }
        let text = MsgReplyText.text(for: request, reply.payload)
        if !text.isEmpty { print(text) }
    }

    func socketPath() throws(IPCError) -> String {
        try IPCSocket.find(socket: socket, environment: ProcessInfo.processInfo.environment)
    }
}
