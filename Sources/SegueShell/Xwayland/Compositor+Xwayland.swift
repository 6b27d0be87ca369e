import Foundation
import SegueIPC
import SegueX11

/// X11 programs' display: held while the config wants it, Xwayland started on its first connection.
extension Compositor {
    /// As `[xwayland] enabled` says; unset, where Xwayland is installed. A
    /// compositor embedded in another program runs none.
    private var wantsXwayland: Bool { !options.embedded && (config.xwayland ?? Self.xwaylandInstalled) }

    private static var xwaylandInstalled: Bool {
        (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").contains {
            FileManager.default.isExecutableFile(atPath: "\($0)/Xwayland")
        }
    }

    /// Where an X window's top left is drawn, in the output's logical units:
    /// stacked, filling the area windows get (all of the output where it is
    /// fullscreen); free, where it was placed.
    private func xOrigin(of toplevel: XwaylandToplevel) -> (x: Int, y: Int) {
        let usable = desktop.layerSurfaces.usable
        if toplevel.wantsFullscreen && !options.placement.keepsPositions { return (0, 0) }
        guard options.placement.keepsPositions, let window = allWindows.first(where: { $0.toplevel === toplevel }) else {
            return (usable.x, usable.y)
        }
        let origin = windows.origin(of: window)
        return (Int(origin.x), Int(origin.y))
    }

    /// Takes a display or gives it up, as the config in force asks.
    func applyXwayland() {
        if wantsXwayland, xwayland == nil, let spawner {
            do {
                let display = try X11Display.open()
                xwayland = Xwayland(display: display, loop: server.eventLoop, spawner: spawner, privileges: offered?.privileges,
                                    surfaceOf: { [unowned server] in server.surface(of: $0, id: $1) }, log: log)
                xwayland?.toplevelDelegate = windows
                xwayland?.origin = { [unowned self] toplevel in xOrigin(of: toplevel) }
                xwayland?.menusChanged = { [unowned self] toplevel in
                    if let window = allWindows.first(where: { $0.toplevel === toplevel }) { windows.surfacesChanged(of: window) }
                }
                log.info("X11 programs: DISPLAY=\(display.name) (Xwayland starts on the first connection)")
            } catch {
                log.error("X11 programs get no display: \(error)")
            }
        } else if !wantsXwayland, let xwayland {
            xwayland.stop()
            self.xwayland = nil
            log.info("X11 programs: display \(xwayland.display.name) given up, as the config says")
        }
    }
}

extension Xwayland {
    /// Its X windows as `segue msg clients` lists them under it, by id.
    var windowsJSON: JSONValue {
        .array((windowManager?.windows.values.sorted { $0.id < $1.id } ?? []).map { window in
            .object([
                "id": .number(Double(window.id)), "title": .string(window.title), "class": .string(window.className),
                "instance": .string(window.instance), "pid": window.pid.map { .number(Double($0)) } ?? .null,
                "mapped": .bool(window.mapped), "override_redirect": .bool(window.overrideRedirect),
                "surface": .bool(surfaces[window.id] != nil),
                "rect": .array([window.x, window.y, window.width, window.height].map { .number(Double($0)) }),
            ])
        })
    }
}
