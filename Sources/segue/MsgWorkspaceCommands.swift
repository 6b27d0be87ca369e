import ArgumentParser
import SegueIPC

struct MsgWorkspacesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "workspaces", abstract: "List the workspaces: each one's number, whether it is shown, and its windows.")
    @OptionGroup var connection: MsgConnection
    func run() throws { try connection.send(.workspaces) }
}

struct MsgWorkspaceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "workspace", abstract: "Show a workspace, with the transition [transitions.workspace] picks.")

    @Argument(help: "A workspace number (1 and up; made when first shown), or next or prev among those there are.")
    var target: String

    @Flag(help: "Reply only once the transition has finished.")
    var wait = false

    @OptionGroup var connection: MsgConnection

    func run() throws {
        try connection.send(.workspace(try MsgWorkspaceCommand.parse(target), wait: wait))
    }

    static func parse(_ text: String) throws -> WorkspaceTarget {
        do { return try WorkspaceTarget(parsing: text) } catch { throw CommandError(error.message) }
    }
}

struct MsgMoveToWorkspaceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "move-to-workspace", abstract: "Move a window, by default the shown one, to a workspace, on top there.")

    @Argument(help: "A workspace number (1 and up), or next or prev among those there are.")
    var target: String

    @Option(help: "A window id from `segue msg windows`; by default the shown window.")
    var window: Int?

    @Flag(help: "Reply only once the transition away from it has finished.")
    var wait = false

    @OptionGroup var connection: MsgConnection

    func run() throws {
        try connection.send(.moveToWorkspace(try MsgWorkspaceCommand.parse(target), window: window, wait: wait))
    }
}
