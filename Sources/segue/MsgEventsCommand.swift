import ArgumentParser
import Foundation
import SegueIPC

struct MsgEventsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "events",
        abstract: "Print one JSON line per event until interrupted: windows opened, closed, shown or renamed; "
            + "transitions started and finished, with their statistics; the config reloaded or refused.")

    @OptionGroup var connection: MsgConnection

    func run() throws {
        do throws(IPCError) {
            // Each line as it comes: a pipe into another program sees it at once.
            try IPCClient(path: connection.socketPath()).events { line in
                print(line)
                fflush(nil)
                return true
            }
        } catch {
            throw CommandError(error.message)
        }
    }
}
