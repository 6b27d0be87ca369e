import ArgumentParser
import Foundation
import SegueIPC

/// The socket option every `msg` subcommand takes, and the exchange they share.
struct MsgConnection: ParsableArguments {
    @Option(help: ArgumentHelp("The compositor's control socket.",
                               discussion: "Default: $XDG_RUNTIME_DIR/segue-$WAYLAND_DISPLAY.sock"))
    var socket: String?

    /// Prints the reply on stdout; a refusal also goes to stderr and fails the command.
    func send(_ request: IPCRequest) throws {
        let reply: IPCReply
        do throws(IPCError) {
            reply = try IPCClient(path: socketPath()).send(request)
        } catch {
            throw CommandError(error.message)
        }
        print(reply.encoded())
        if !reply.ok { throw CommandError(reply.error ?? "the compositor refused the request") }
    }

    private func socketPath() throws(IPCError) -> String {
        if let socket { return socket }
        return try IPCSocket.defaultPath(environment: ProcessInfo.processInfo.environment)
    }
}
