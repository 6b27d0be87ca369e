import ArgumentParser

/// `segue msg ...`: one request to the running compositor, its reply printed
/// as the JSON line it came as.
struct MsgCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "msg", abstract: "Send a request to the running compositor and print its JSON reply.",
        subcommands: [MsgWindowsCommand.self, MsgOutputsCommand.self, MsgClientsCommand.self, MsgSwitchCommand.self, MsgCloseCommand.self, MsgScreenshotCommand.self,
                      MsgEffectsCommand.self, MsgTransitionsCommand.self, MsgReloadCommand.self, MsgConfigCommand.self,
                      MsgSpawnCommand.self, MsgGestureCommand.self, MsgSwitcherCommand.self, MsgEventsCommand.self, MsgSetCommand.self,
                      MsgWorkspacesCommand.self, MsgWorkspaceCommand.self, MsgMoveToWorkspaceCommand.self,
                      MsgMinimizeCommand.self, MsgRestoreCommand.self, MsgPlaceCommand.self, MsgMaximizeCommand.self, MsgFullscreenCommand.self])
}
