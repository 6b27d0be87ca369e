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

/// The windows: toplevels mapping, renamed and unmapping (each opening and
/// closing with its transition), what their surfaces commit (where the
/// output changed, new pixels to take, the cursor's picture), their popups
/// (placed within the output, dismissed when their grab is broken), where
/// they sit, xdg-activation and taskbars' requests, and which has the
/// keyboard. It keeps the registry of toplevels' windows.
final class Windows: ToplevelDelegate, SurfaceDelegate, PopupDelegate, ActivationDelegate, ForeignToplevelDelegate {
    unowned let compositor: Compositor
    private var registry = WindowRegistry()

    init(compositor: Compositor) {
        self.compositor = compositor
        installResizeShading()
    }

    var output: Output { compositor.output }
    private var stack: WindowStack<Window> { compositor.stack }
    var layerSurfaces: LayerSurfaces { compositor.desktop.layerSurfaces }

    /// The open windows by id, for the protocols that list them.
    package var openWindows: [(id: Int, toplevel: any Toplevel)] { compositor.allWindows.map { ($0.id, $0.toplevel) } }

    /// The window a surface is part of: its own, a subsurface's or a popup's.
    func window(of surface: Surface) -> Window? {
        let root = rootSurface(of: surface)
        if let toplevel = root.role as? XdgToplevel { return registry[toplevel] }
        return compositor.xwayland?.toplevel(showing: root).flatMap { registry[$0] }
    }

    /// The surface at the root of `surface`'s tree: past subsurfaces' parents
    /// and popups' parents (an xdg_surface's, or a layer surface's).
    func rootSurface(of surface: Surface) -> Surface {
        var root = surface
        while true {
            if let parent = (root.role as? Subsurface)?.parent {
                root = parent
            } else if let popup = root.role as? XdgPopup, let parent = popup.parent?.surface ?? popup.layerParent?.surface {
                root = parent
            } else {
                return root
            }
        }
    }

    func focusShownWindow() {
        compositor.control.workspaceChanged(to: compositor.navigation.workspaces.shownNumber)
        defer { compositor.offered?.workspaces.update() }
        if compositor.control.shownChanged(to: stack.shown?.id) {
            // Another window shown takes the keyboard back from a layer surface that took it on demand.
            layerSurfaces.keyboardTakenBack()
            compositor.offered?.foreignToplevels.shownChanged()
        }
        stack.shown?.urgent = false
        // A window that lost the keyboard loses its popups with it, as menus close when another window takes over.
        for window in compositor.allWindows where window !== stack.shown { window.toplevel.shellSurface?.dismissPopups() }
        // A launcher or lock screen asking for every key has them; the shown window gets them back when it goes.
        let layer = layerSurfaces.keyboardOwner
        compositor.seat?.focus(layer.map { $0.popups.last(where: { $0.mapped && $0.grabbing })?.xdgSurface.surface ?? $0.surface }
            ?? stack.shown?.popupGrab?.keyboardFocus.xdgSurface.surface ?? stack.shown?.surface)
        compositor.xwayland?.focus(stack.shown?.toplevel)
        for window in compositor.allWindows { window.toplevel.reconfigure() }
        compositor.input.pointerLayoutChanged()
    }

    /// A surface taken off screen, with its subsurfaces and popups: off the output too.
    func leaveOutputs(_ surface: Surface) {
        let outputs = compositor.offered?.output.resources(for: surface.client) ?? []
        forEachSurface(of: surface) { $0.updateEnteredOutputs(to: [], among: outputs) }
    }

    /// Every surface of a window's tree, shown or not: subsurfaces and mapped popups.
    func forEachSurface(of surface: Surface, _ body: (Surface) -> Void) {
        body(surface)
        for child in surface.subsurfaces.all { forEachSurface(of: child.surface, body) }
        for popup in surface.popups where popup.mapped { forEachSurface(of: popup.xdgSurface.surface, body) }
    }

    package func toplevelMapped(_ toplevel: any Toplevel) {
        // Mapped again, a toplevel comes back where it was put.
        let window = registry.add(toplevel, motions: layerSurfaces.motions)
        compositor.log.info("window \(window.id) mapped: app_id '\(window.appID)', title '\(window.title)'")
        let navigation = compositor.navigation
        // A rule may put it on a hidden workspace: it waits there, and nothing here changes.
        if let number = compositor.config.workspace(forOpening: WindowInfo(appID: window.appID, title: window.title)),
           number != navigation.workspaces.shownNumber {
            navigation.opened(window, onHidden: number, at: compositor.backend.now)
            compositor.control.emit("window_opened", Control.describe(window))
            compositor.offered?.windowChanged(id: window.id, toplevel)
            return
        }
        // A window opening takes the keyboard from a bar's open menu, which closes.
        for layer in layerSurfaces.all { layer.dismissPopups() }
        let play = compositor.navigating { navigation.opened(window, at: compositor.backend.now) }
        compositor.control.emit("window_opened", Control.describe(window))
        compositor.offered?.windowChanged(id: window.id, toplevel)
        try? compositor.start(play)
    }

    package func toplevelRenamed(_ toplevel: any Toplevel) {
        guard let window = registry[toplevel] else { return }
        compositor.offered?.windowChanged(id: window.id, toplevel)
        compositor.control.emit("window_changed", Control.describe(window))
    }

    package func toplevelMinimizeRequested(_ toplevel: any Toplevel) {
        guard let window = registry[toplevel] else { return }
        minimize(windowID: window.id)
    }

    package func toplevelRestated(_ toplevel: any Toplevel) {
        guard let window = registry[toplevel] else { return }
        restated(window)
        compositor.offered?.foreignToplevels.windowChanged(id: window.id, toplevel)
    }

    package func toplevelUnmapped(_ toplevel: any Toplevel) {
        guard let window = registry.remove(toplevel) else { return }
        compositor.log.info("window \(window.id) unmapped")
        endStateWait(of: window)
        stopResize(of: window)
        settleRestate(of: window, .closed)
        settleResize(of: window, .closed)
        window.keepLastScreen(painter: compositor.renderer, background: output.background)
        if window.lastAlone == nil { keepClosingPicture(of: window) }
        compositor.control.emit("window_closed", ["window": .number(Double(window.id))])
        leaveOutputs(window.surface)
        compositor.offered?.windowClosed(id: window.id)
        // A hand dragging toward a window that went lets go of it: back where it came from.
        if compositor.gesture?.target === window { _ = try? compositor.perform(.gesture(.cancel)) }
        switch compositor.navigating({ compositor.navigation.closed(window, seen: window.lastAlone != nil) }) {
        case .hidden:
            // Where every window is on screen, this one leaves it.
            if !compositor.options.placement.showsOneWindow { output.layersChanged() }
            compositor.input.pointerLayoutChanged()
            compositor.control.answerCloseWaiters()
            compositor.offered?.workspaces.update()
        case .deferred:
            focusShownWindow()
        case .pop(let play):
            try? compositor.start(play)
        }
    }

    package func toplevelWillUnmap(_ toplevel: any Toplevel) {
        // Its buffer goes with this commit: its picture is kept while it is still drawn.
        guard let window = registry[toplevel] else { return }
        keepClosingPicture(of: window)
    }

    package func configuration(for toplevel: any Toplevel) -> ToplevelConfiguration {
        compositor.options.placement.configuration(for: toplevel, shown: stack.shown.map { $0.toplevel === toplevel } ?? false,
                                        width: Int32(clamping: toplevel.wantsFullscreen ? output.logicalWidth : layerSurfaces.usable.width),
                                        height: Int32(clamping: toplevel.wantsFullscreen ? output.logicalHeight
                                                                                         : layerSurfaces.usable.height))
    }
    /// A window's surface's top left on the output in output pixels, where it is drawn.
    func pixelOrigin(of window: Window) -> (x: Int, y: Int) {
        compositor.options.placement.origin(of: window, area: output.windowArea(for: window), scale: output.scale)
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
        guard compositor.options.placement.keepsPositions else { return false }
        let usable = layerSurfaces.usable
        let origin = WindowPlacement.placedOrigin(of: window, usable: (usable.x, usable.y))
        defer { window.origin = origin }
        return window.origin.map { $0 != origin } ?? true
    }
    package func surfaceCommitted(_ surface: Surface, _ changes: CommitChanges) {
        compositor.xwayland?.surfaceCommitted(surface)
        // A cursor's or drag icon's content is never drawn, so it costs no
        // texture: it is the pointer's picture, which a backend may show.
        if surface.isUndrawn {
            compositor.textures.forget(surface)
            compositor.cursorImages.take(surface, committed: changes.buffer)
            surface.dropUntakenPixels()
            compositor.seat?.pointer.cursorSurfaceCommitted(surface, movedBy: changes.offset)
            if let request = compositor.seat?.pointer.cursor, request.surface === surface {
                compositor.input.updateCursor()
                // The pointer's picture hears of frames too, as an animated one waits to.
                if !surface.frameCallbacks.isEmpty { output.requestFrame() }
            }
            return
        }
        // A surface drawn before set_cursor makes it a cursor: its picture is
        // kept for then (no bigger than its texture, which the budget counts),
        // and dropped once it takes another role.
        if surface.role == nil { compositor.cursorImages.take(surface, committed: changes.buffer) } else { compositor.cursorImages.forget(surface) }
        let budget = compositor.clientTextureBudget
        // What it showed before: a window's resize fades it out over the new buffer.
        let previous = compositor.textures[surface]
        if changes.newContent, let failure = compositor.textures.contentCommitted(changes.buffer, by: surface, budget: budget) {
            switch failure {
            case .overBudget(let bytes):
                compositor.log.warning("a client's textures would take \(bytes >> 20) MiB, past its \(budget >> 20) MiB: disconnecting it")
            case .noTexture:
                compositor.log.warning("out of GL memory for a \(surface.width)x\(surface.height) surface: disconnecting its client")
            }
            surface.postNoMemory()
            return
        }
        if let layer = compositor.desktop.layerSurface(of: surface) { return compositor.desktop.layerContentCommitted(layer, by: surface, changes) }
        guard let window = window(of: surface), window.toplevel.mapped else { return }
        let own = surface === window.surface, states = window.drawnState
        if own { takeNewStates(of: window) }
        // New pixels, subsurfaces moved or restacked, or the window moved.
        let moved = own && updateOrigin(of: window)
        if own { resizeCommitted(window, previous: previous, states: states) }
        // A new window geometry moves the popups placed against it.
        let regeometried = changes.geometryChanged && !(window.toplevel.shellSurface?.popups.isEmpty ?? true)
        let changed = changes.newContent || changes.subsurfacesChanged || moved || regeometried
        let visible = output.visibleWindows().contains { $0 === window }
        // A preview's window is read at the preview's own pace, not at every commit.
        if changed, compositor.switcherView()?.windows.contains(where: { $0 === window }) == true {
            output.previewedWindowCommitted(window)
        }
        // A window's captures see it, shown or not.
        if changed { compositor.offered?.imageCopy.windowChanged(id: window.id) }
        guard visible else { return }
        if surface.hasUntakenPixels { output.pixelsCommitted(by: window) }
        // A changed picture needs a new frame, whose elements say where it
        // changed (its screen's, stacked); a frame request alone only needs the clock to tick.
        if changed {
            compositor.input.pointerLayoutChanged()
            output.layersChanged()
        } else if !surface.frameCallbacks.isEmpty {
            output.requestFrame()
        }
    }

    /// The client destroyed a buffer whose pixels were not taken yet: they are taken while they are still there.
    package func untakenBufferDestroyed(_ surface: Surface) {
        compositor.textures.takePixels(of: surface)
    }

    package func surfaceDestroyed(_ surface: Surface) {
        compositor.xwayland?.surfaceDestroyed(surface)
        compositor.textures.forget(surface)
        compositor.cursorImages.forget(surface)
        compositor.seat?.pointer.cursorSurfaceDestroyed(surface)
    }

    package func subsurfaceRemoved(from parent: Surface) {
        if let window = window(of: parent) { surfacesChanged(of: window) }
    }

    /// A surface of `window` came or went outside a commit of its own: the next frame's elements say where, and the pointer may be over another.
    func surfacesChanged(of window: Window) {
        if output.visibleWindows().contains(where: { $0 === window }) { windowLayersChanged() }
        compositor.input.pointerLayoutChanged()
    }

    /// Shown windows' surfaces came, went or moved: the next frame's elements say where.
    func windowLayersChanged() { output.layersChanged() }
    package func popupMapped(_ popup: XdgPopup) {
        popupCame(popup)
        popupChanged(popup)
    }

    /// Off screen, so off the output too, as a window that unmaps is.
    package func popupUnmapped(_ popup: XdgPopup) {
        popupWent(popup)
        leaveOutputs(popup.xdgSurface.surface)
        popupChanged(popup)
    }

    /// The output, in the parent's window-geometry coordinates: whole units
    /// within it where a window centred on an output of odd pixels sits half a unit off.
    package func popupBounds(_ popup: XdgPopup) -> PixelRect? {
        if let layer = popup.layerParent {
            return PixelRect(x: -layer.rect.x, y: -layer.rect.y, width: output.logicalWidth, height: output.logicalHeight)
        }
        guard let parent = popup.parent, let origin = compositor.input.screenOrigin(of: parent.surface) else { return nil }
        let left = Int((-origin.x).rounded(.up)), top = Int((-origin.y).rounded(.up))
        let right = Int((Double(output.logicalWidth) - origin.x).rounded(.down))
        let bottom = Int((Double(output.logicalHeight) - origin.y).rounded(.down))
        return PixelRect(x: left - (parent.geometry?.x ?? 0), y: top - (parent.geometry?.y ?? 0),
                         width: right - left, height: bottom - top)
    }

    /// Only the window with the keyboard may hand it to a popup; a layer
    /// surface's menu (a bar's) may take it, as clicking the bar opened it.
    package func popupMayGrab(_ popup: XdgPopup) -> Bool {
        if let layer = compositor.desktop.layerSurface(of: popup.xdgSurface.surface) { return layer.mapped }
        guard let window = window(of: popup.xdgSurface.surface) else { return false }
        return window === stack.shown
    }

    /// A press at `point`: where it breaks the shown window's popup grab, or
    /// a layer surface's (a bar's open menu), their popups go.
    func dismissGrabbingPopups(unlessOver point: (x: Double, y: Double)?) {
        let pressed = point.flatMap { compositor.input.surface(at: $0.x, $0.y) }?.surface.client
        for layer in layerSurfaces.all where layer.popups.contains(where: { $0.mapped && $0.grabbing }) && pressed != layer.client {
            layer.dismissPopups()
        }
        guard let window = stack.shown, let grab = window.popupGrab else { return }
        if grab.isBroken(byPressOn: pressed) { window.toplevel.shellSurface?.dismissPopups() }
    }

    private func popupChanged(_ popup: XdgPopup) {
        if let layer = compositor.desktop.layerSurface(of: popup.xdgSurface.surface) {
            // A grabbing menu of a bar has the keyboard while it shows.
            if popup.grabbing && popup.mapped { layerSurfaces.keyboardAsked(by: layer) }
            focusShownWindow()
            return compositor.desktop.layersChanged()
        }
        guard let window = window(of: popup.xdgSurface.surface) else { return }
        if window === stack.shown { focusShownWindow() }
        surfacesChanged(of: window)
    }
    package func surfaceIsShown(_ surface: Surface) -> Bool {
        guard let window = window(of: surface) else { return false }
        return window === stack.shown
    }

    package func activationRequested(for surface: Surface, valid: Bool, sourceRect: SourceRect?) {
        guard let window = window(of: surface), window !== stack.shown else { return }
        guard valid else {
            window.urgent = true
            compositor.offered?.workspaces.update()
            compositor.log.info("window \(window.id) asked for activation without a valid token: marked urgent")
            return
        }
        // On a hidden workspace it is marked, not pulled: the person goes there when they choose.
        guard stack.windows.contains(where: { $0 === window }) else {
            window.urgent = true
            compositor.offered?.workspaces.update()
            compositor.log.info("window \(window.id) asked for activation on hidden workspace \(compositor.navigation.workspaces.number(of: window) ?? 0): marked urgent")
            return
        }
        let request = sourceRect.map { TransitionRequest(effect: "zoom-from-rect", sourceRect: $0) } ?? TransitionRequest()
        do {
            try compositor.perform(.show(.window(id: window.id), request))
        } catch {
            compositor.log.warning("xdg_activation_v1: cannot show window \(window.id): \(error)")
        }
    }
    package var shownWindowID: Int? { stack.shown?.id }

    package func activate(windowID: Int) {
        _ = try? compositor.perform(.show(.window(id: windowID)))
    }

    package func minimize(windowID: Int) {
        _ = try? compositor.perform(.minimize(.window(id: windowID)))
    }

    package func restore(windowID: Int) {
        guard isMinimized(windowID: windowID) else { return }
        _ = try? compositor.perform(.restore(.window(id: windowID)))
    }

    package func isMinimized(windowID: Int) -> Bool {
        compositor.allWindows.first { $0.id == windowID }.map(compositor.navigation.workspaces.isMinimized) ?? false
    }

    package func setTaskbarRectangle(windowID: Int, on surface: Surface, _ rect: PixelRect?) {
        guard let window = compositor.allWindows.first(where: { $0.id == windowID }) else { return }
        // On the output, in whole surface units; one reaching off it counts as none.
        window.taskbarRect = rect.flatMap { rect in
            compositor.input.screenOrigin(of: surface).flatMap { origin in
                SourceRect(x: Int32(clamping: Int(origin.x.rounded()) + rect.x), y: Int32(clamping: Int(origin.y.rounded()) + rect.y),
                           width: Int32(clamping: rect.width), height: Int32(clamping: rect.height),
                           outputWidth: output.logicalWidth, outputHeight: output.logicalHeight)
            }
        }
    }

    package func close(windowID: Int) {
        _ = try? compositor.perform(.close(.window(id: windowID)))
    }
}
