import ArgumentParser
import Foundation
import Logging
import SegueCompositor

struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run", abstract: "Start the compositor (headless output).")

    @Option(help: "Socket name in $XDG_RUNTIME_DIR (default: the first free wayland-N).")
    var socket: String?

    @Option(help: "Output size.")
    var size = Size(width: 1920, height: 1080)

    @Option(help: "Refresh rate in Hz (1...360).")
    var refresh = 60.0

    @Option(help: "Background colour, RRGGBB.")
    var background = "14141a"

    @Option(help: "Write each presented frame of every transition as PNG into this folder.")
    var record: String?

    @Option(help: "Effect played when a window opens.")
    var openEffect = "zoom-from-rect"

    @Option(help: "Effect played when switching windows.")
    var switchEffect = "slide"

    @Option(help: "Effect played, in reverse, when the shown window closes.")
    var closeEffect = "zoom-from-rect"

    func run() throws {
        var options = CompositorOptions()
        options.socket = socket
        let size = try size.validated()
        options.width = size.width
        options.height = size.height
        guard (1...360).contains(refresh) else { throw CommandError("--refresh must be in 1...360 Hz, not \(refresh)") }
        options.refreshRate = refresh
        options.background = try Self.colour(background)
        options.recordDirectory = record
        options.effects = [.open: openEffect, .switch: switchEffect, .close: closeEffect]
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

    /// `RRGGBB` → 0...1 per channel.
    static func colour(_ text: String) throws -> (Float, Float, Float) {
        let hex = text.hasPrefix("#") ? String(text.dropFirst()) : text
        guard hex.count == 6, let value = UInt32(hex, radix: 16) else {
            throw CommandError("colour '\(text)' is not RRGGBB")
        }
        return (Float(value >> 16 & 0xff) / 255, Float(value >> 8 & 0xff) / 255, Float(value & 0xff) / 255)
    }
}
