import ArgumentParser
import SegueIPC

struct MsgSpawnCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "spawn",
        abstract: "Start a program as a client Segue trusts: it may use the privileged protocols (capture, data control, window lists, virtual keyboards, segue-transition-v1).",
        discussion: "The program connects over a socket the compositor made for it (WAYLAND_SOCKET); the reply carries its pid.")

    @Argument(parsing: .postTerminator, help: "-- then the program, looked up in the compositor's PATH, and its arguments.")
    var argv: [String]

    @OptionGroup var connection: MsgConnection

    func run() throws {
        try connection.send(.spawn(argv: argv))
    }
}
