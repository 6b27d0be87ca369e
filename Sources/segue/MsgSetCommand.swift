import ArgumentParser

struct MsgSetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set",
        abstract: "Apply one config value as if the file said it, checked the same way; it lasts until the file is read again.",
        discussion: "e.g. segue msg set transitions.switch.effect doom-melt; segue msg set transitions.switch.duration 400ms")

    @Argument(help: "The key, dotted as it sits in the file: transitions.switch.effect, keys.switch-previous, output.scale.")
    var key: String

    @Argument(help: "A TOML value (0.5, true, [1, 0]); a bare word is taken as a string.")
    var value: String

    @OptionGroup var connection: MsgConnection

    func run() throws { try connection.send(.set(key: key, value: value)) }
}
