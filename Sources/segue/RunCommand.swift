import ArgumentParser
import Foundation
import Logging
import SegueCompositor
import SegueConfig

struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run", abstract: "Start the compositor: in a window inside a Wayland session, else headless.")

    @Option(help: "Socket name in $XDG_RUNTIME_DIR (default: the first free wayland-N).")
    var socket: String?

    @Option(help: "headless, or wayland: a window on $WAYLAND_DISPLAY (the default when it is set).")
    var backend: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("Output size (default: the config's [output] size, else 1920x1080); with wayland, the window's first size (else 1280x720).", valueName: "WIDTHxHEIGHT"))
    var size: Size?

    @Option(help: "Refresh rate in Hz, 1...360 (default: the config's, else 60).")
    var refresh: Double?

    @Option(help: "Output pixels per surface unit, 1...4: 2 for a HiDPI screen (default: the config's [output] scale, else with wayland the parent's, else 1).")
    var scale: Int?

    @Option(help: "Background colour, RRGGBB (default: the config's, else 14141a).")
    var background: String?

    @Option(help: "Write each presented frame of every transition as PNG into this folder.")
    var record: String?

    @Option(help: "Config file (default: $XDG_CONFIG_HOME/segue/config.toml, else ~/.config/segue/config.toml, if present).")
    var config: String?

    @Option(help: "stacked (the default: one window shown at a time, a transition each time it changes) or free: every window where `segue msg place` put it, at the top left until then, minimize and workspace switches animated; the pointer moves no window yet.")
    var placement: String?

    @Option(name: .customLong("trust"),
            help: "Let clients running this executable (absolute path) use the privileged protocols (screen capture, data control, virtual keyboards, window lists, segue-transition-v1); repeatable.")
    var trusted: [String] = []

    func run() throws {
        // Held from the start, before any thread exists to inherit them
        // unblocked (llvmpipe starts its own): a SIGINT, SIGTERM or SIGHUP during
        // startup waits for the loop's signalfd, which then shuts down and
        // removes the sockets, rather than killing Segue with them left behind.
        var termination = sigset_t()
        sigemptyset(&termination)
        for signal in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&termination, signal) }
        pthread_sigmask(SIG_BLOCK, &termination, nil)
        var options = CompositorOptions()
        options.socket = socket
        options.probeShader = { ShaderProbe.problems($0) }
        options.backend = try chosenBackend()
        if let size {
            let valid = try size.validated()
            options.width = valid.width
            options.height = valid.height
        }
        if let refresh {
            guard (1...360).contains(refresh) else { throw CommandError("--refresh must be in 1...360 Hz, not \(refresh)") }
            options.refreshRate = refresh
        }
        if let scale {
            let range = OutputSettings.scaleRange
            guard range.contains(scale) else { throw CommandError("--scale must be in \(range.lowerBound)...\(range.upperBound), not \(scale)") }
            options.scale = scale
        }
        options.background = try background.map(Self.colour)
        options.recordDirectory = record
        guard trusted.allSatisfy({ $0.hasPrefix("/") }) else { throw CommandError("--trust takes absolute paths") }
        options.trustedExecutables = trusted
        if let placement {
            guard let chosen = WindowPlacement(rawValue: placement) else {
                throw CommandError("--placement is stacked or free, not \(placement)")
            }
            options.placement = chosen
        }
        options.configPath = config ?? ConfigLoader.defaultPath(environment: ProcessInfo.processInfo.environment)
        if let path = options.configPath, !FileManager.default.isReadableFile(atPath: path) {
            throw CommandError("cannot read the config file \(path)")
        }
        AllocatorPolicy.apply()
        let compositor: Compositor
        do {
            compositor = try Compositor(options: options, log: Logger(label: "segue"))
        } catch {
            throw CommandError("\(error)")
        }
        print("WAYLAND_DISPLAY=\(compositor.server.socketName)")
        fflush(nil)
        compositor.run()
    }

    /// --backend, else wayland inside a Wayland session and headless outside one.
    private func chosenBackend() throws -> BackendKind {
        guard let backend else {
            let session = ProcessInfo.processInfo.environment["WAYLAND_DISPLAY"].map { !$0.isEmpty } ?? false
            return session ? .wayland : .headless
        }
        guard let kind = BackendKind(rawValue: backend) else {
            throw CommandError("--backend must be 'headless' or 'wayland', not '\(backend)'")
        }
        return kind
    }

    /// `RRGGBB` → 0...1 per channel.
    static func colour(_ text: String) throws -> (Float, Float, Float) {
        let hex = text.hasPrefix("#") ? String(text.dropFirst()) : text
        guard hex.count == 6, let value = UInt32(hex, radix: 16) else {
            throw CommandError("colour '\(text)' is not RRGGBB")
        }
        return (Float(value >> 16 & 0xff) / 255, Float(value >> 8 & 0xff) / 255, Float(value & 0xff) / 255)
    }
}
