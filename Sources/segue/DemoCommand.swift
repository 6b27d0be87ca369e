import ArgumentParser
import Foundation
import Logging
import SegueCompositor
import SegueConfig
import SegueEngine
import SegueRender

/// The main job: the compositor with no display, real clients (a taskbar,
/// windows, a launcher, a notification), every built-in effect played between
/// the windows, and the desktop's own changes.
struct DemoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Run the headless compositor with two sample clients and play every effect.")

    @Option(help: "Folder for contact sheets, recorded frames and the summary.")
    var out = "segue-demo"

    @Option(parsing: .unconditional, help: ArgumentHelp("Output size.", valueName: "WIDTHxHEIGHT"))
    var size = Size(width: 960, height: 540)

    func run() throws {
        let size = try size.validated()
        try DemoEnvironment.ensureRuntimeDirectory()
        // Written aside and put in place whole; an earlier demo's folder is replaced, nothing else.
        let output = try OutputDirectory(path: URL(fileURLWithPath: out).standardizedFileURL.path)
        do {
            let table = try play(size: size, into: URL(fileURLWithPath: output.staging))
            try output.commit()
            print(table)
            print("\ncontact sheets in \(out)/, every recorded frame in \(out)/frames/")
        } catch {
            output.discard()
            throw error
        }
    }

    /// Plays the demo, writing its frames, contact sheets and summary into `folder`; the summary table.
    private func play(size: Size, into folder: URL) throws -> String {
        let frames = folder.appendingPathComponent("frames")

        var options = CompositorOptions()
        options.width = size.width
        options.height = size.height
        options.recordDirectory = frames.path
        // The taskbar lists the windows (wlr-foreign-toplevel-management is privileged).
        options.trustedExecutables = [DemoEnvironment.sampleClient.path]
        // Pushes zoom, the pop closes a circle; the switches name their effects.
        var config = SegueConfig.defaults(registry: try EffectRegistry.builtin())
        config.transitions[.close] = TransitionChoice(effect: .named("circle-reveal"))
        options.config = config
        var log = Logger(label: "segue")
        log.logLevel = .warning
        AllocatorPolicy.apply()
        let compositor: Compositor
        do {
            compositor = try Compositor(options: options, log: log)
        } catch {
            throw CommandError("\(error)")
        }
        let script = DemoScript(ipcPath: compositor.ipcPath, waylandDisplay: compositor.server.socketName,
                                client: DemoEnvironment.sampleClient, overlayShot: folder.appendingPathComponent("switcher-overlay.png"))
        let thread = Thread {
            script.play()
            // The clients leave while the compositor still serves them; then it stops.
            script.stopClients()
            kill(getpid(), SIGTERM)
        }
        thread.start()
        compositor.run()
        script.stopClients()
        guard let result = script.result else { throw CommandError(script.failure ?? "the demo did not finish") }
        return try DemoReport(transitions: result, layerMotions: script.events?.finished ?? [], gestureID: script.gestureID, switcherID: script.switcherID,
                              overlay: script.overlayShot, frames: frames, out: folder).table
    }
}
