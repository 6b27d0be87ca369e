import ArgumentParser

// The `msg` subcommands that take nothing but the socket.

struct MsgWindowsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "windows", abstract: "List the windows, front to back.")
    @OptionGroup var connection: MsgConnection
    func run() throws { try connection.send(.windows) }
}

struct MsgOutputsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "outputs", abstract: "Describe the output and the frames it has drawn and presented.")
    @OptionGroup var connection: MsgConnection
    func run() throws { try connection.send(.outputs) }
}

struct MsgClientsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "clients", abstract: "List the connected clients: pid, executable, and the privileged protocols each may use.")
    @OptionGroup var connection: MsgConnection
    func run() throws { try connection.send(.clients) }
}

struct MsgEffectsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "effects", abstract: "List the effects the compositor can play.")
    @OptionGroup var connection: MsgConnection
    func run() throws { try connection.send(.effects) }
}

struct MsgTransitionsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "transitions", abstract: "List the transitions played so far, with their statistics.")
    @OptionGroup var connection: MsgConnection
    func run() throws { try connection.send(.transitions) }
}

struct MsgReloadCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "reload", abstract: "Reread the configuration file.")
    @OptionGroup var connection: MsgConnection
    func run() throws { try connection.send(.reload) }
}

struct MsgConfigCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "config", abstract: "Show the configuration in force.")
    @OptionGroup var connection: MsgConnection
    func run() throws { try connection.send(.config) }
}
