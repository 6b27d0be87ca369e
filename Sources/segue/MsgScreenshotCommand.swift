import ArgumentParser
import Foundation

struct MsgScreenshotCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "screenshot", abstract: "Write what the output shows to a PNG.")

    @Argument(help: "The PNG to write, relative to the current folder or absolute.")
    var file: String

    @OptionGroup var connection: MsgConnection

    func run() throws {
        // The compositor's current folder is not ours: send an absolute path.
        try connection.send(.screenshot(path: URL(fileURLWithPath: file).standardizedFileURL.path))
    }
}
