import Foundation
import Logging
import SegueBackend
import SegueConfig
import SegueEngine
import SegueIPC
import SegueLoop
import SeguePolicy
import SegueRender
import SegueWayland

/// Toplevels mapping, renamed and unmapping: windows opening and closing, each with its transition.
extension Compositor: ToplevelDelegate {
    package func toplevelMapped(_ toplevel: XdgToplevel) {
        // Mapped again, a toplevel comes back where it was put.
        let window = registry.add(toplevel)
        // A window opening takes the keyboard from a bar's open menu, which closes.
        for layer in desktop.layerSurfaces.all { layer.dismissPopups() }
        let play = navigating { navigation.opened(window, at: backend.now) }
        log.info("window \(window.id) mapped: app_id '\(window.appID)', title '\(window.title)'")
        control.emit("window_opened", Control.describe(window))
        offered?.windowChanged(id: window.id, toplevel)
        try? start(play)
    }

    package func toplevelRenamed(_ toplevel: XdgToplevel) {
        guard let window = registry[toplevel] else { return }
        offered?.windowChanged(id: window.id, toplevel)
        control.emit("window_changed", Control.describe(window))
    }

    package func toplevelRestated(_ toplevel: XdgToplevel) {
        guard let window = registry[toplevel] else { return }
        offered?.foreignToplevels.windowChanged(id: window.id, toplevel)
    }

    package func toplevelUnmapped(_ toplevel: XdgToplevel) {
        guard let window = registry.remove(toplevel) else { return }
        log.info("window \(window.id) unmapped")
        window.keepLastScreen(painter: renderer, background: output.background)
        // Shown with no window behind it, it closes off the background over it.
        if options.placement.showsOneWindow, stack.shown === window, stack.windows.count == 1 {
            window.keepAlone(painter: renderer, on: output.windowScreen, textures: textures)
        }
        control.emit("window_closed", ["window": .number(Double(window.id))])
        leaveOutputs(window.surface)
        offered?.windowClosed(id: window.id)
        // A hand dragging toward a window that went lets go of it: back where it came from.
        if gesture?.target === window { _ = try? perform(.gesture(.cancel)) }
        switch navigating({ navigation.closed(window) }) {
        case .hidden:
            // Where every window is on screen, this one leaves it.
            if !options.placement.showsOneWindow { output.desktopLayersChanged() }
            input.pointerLayoutChanged()
            control.answerCloseWaiters()
        case .deferred:
            focusShownWindow()
        case .pop(let play):
            try? start(play)
        }
    }

    package func configuration(for toplevel: XdgToplevel) -> ToplevelConfiguration {
        options.placement.configuration(for: toplevel, shown: stack.shown.map { $0.toplevel === toplevel } ?? false,
                                        width: Int32(clamping: toplevel.wantsFullscreen ? output.logicalWidth : desktop.layerSurfaces.usable.width),
                                        height: Int32(clamping: toplevel.wantsFullscreen ? output.logicalHeight
                                                                                         : desktop.layerSurfaces.usable.height))
    }
}

/// Where windows are: drawn, and taking input.
extension Compositor {
    /// A window's surface's top left on the output in output pixels, where it is drawn.
    func pixelOrigin(of window: Window) -> (x: Int, y: Int) {
        options.placement.origin(of: window, area: output.windowArea(for: window), scale: output.scale)
    }

    /// The same in surface units, where it takes input.
    func origin(of window: Window) -> (x: Double, y: Double) {
        let origin = pixelOrigin(of: window), scale = Double(output.scale)
        return (Double(origin.x) / scale, Double(origin.y) / scale)
    }

    /// Moves a window that keeps its own position to where its state says, at
    /// a commit or a placement, so what is drawn and what takes input move
    /// together. Whether it moved.
    func updateOrigin(of window: Window) -> Bool {
        guard options.placement.keepsPositions else { return false }
        let usable = desktop.layerSurfaces.usable
        let origin = WindowPlacement.placedOrigin(of: window, usable: (usable.x, usable.y))
        defer { window.origin = origin }
        return window.origin.map { $0 != origin } ?? true
    }
}
