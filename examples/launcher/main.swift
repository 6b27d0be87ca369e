// segue-launcher: a small client of Segue's segue-transition-v1 protocol.
//
// It lists the compositor's windows, or shows one with a transition and prints the
// transition's done event as one JSON line once its last frame was presented:
//
//   segue-launcher list
//   segue-launcher show ID [--effect NAME] [--rect X,Y,W,H] [--duration MS]
//
// The compositor offers the protocol only to trusted programs (segue run --trust PATH).
// Exits 0 on success, 1 when the compositor refuses or goes away (one line on stderr),
// 2 on bad arguments.
import CWaylandClient
import Glibc

/// Writes to fd 2 directly: Swift 6 rejects C's global `stderr` as shared mutable state.
func printError(_ text: String) {
    var line = text + "\n"
    line.withUTF8 { _ = write(STDERR_FILENO, $0.baseAddress, $0.count) }
}

func fail(_ message: String, status: Int32 = 1) -> Never {
    printError("segue-launcher: \(message)")
    exit(status)
}

let command: Command
do {
    command = try Command.parse(Array(CommandLine.arguments.dropFirst()))
} catch {
    fail("\(error.message)\n\(Command.usage)", status: 2)
}
if case .help = command {
    print(Command.usage)
    exit(0)
}

let launcher: Launcher
do {
    launcher = try Launcher()
} catch {
    fail(error.message)
}
do {
    switch command {
    case .help:
        break
    case .list:
        for window in launcher.windows {
            print("\(window.id)\t\(window.appID)\t\(window.title)")
        }
    case .show(let id, let settings):
        print(try launcher.show(window: id, settings).json)
    }
} catch {
    fail(error.message)
}
