import SegueEngine
import SegueWayland

/// Popups (menus, tooltips): drawn over their window as part of it, placed
/// within the output, and dismissed when their grab is broken.
extension Compositor: PopupDelegate {
    package func popupMapped(_ popup: XdgPopup) { popupChanged(popup) }

    /// Off screen, so off the output too, as a window that unmaps is.
    package func popupUnmapped(_ popup: XdgPopup) {
        leaveOutputs(popup.xdgSurface.surface)
        popupChanged(popup)
    }

    /// The output, in the parent's window-geometry coordinates: whole units
    /// within it where a window centred on an output of odd pixels sits half a unit off.
    package func popupBounds(_ popup: XdgPopup) -> PixelRect? {
        if let layer = popup.layerParent {
            return PixelRect(x: -layer.rect.x, y: -layer.rect.y, width: output.logicalWidth, height: output.logicalHeight)
        }
        guard let parent = popup.parent, let origin = input.screenOrigin(of: parent.surface) else { return nil }
        let left = Int((-origin.x).rounded(.up)), top = Int((-origin.y).rounded(.up))
        let right = Int((Double(output.logicalWidth) - origin.x).rounded(.down))
        let bottom = Int((Double(output.logicalHeight) - origin.y).rounded(.down))
        return PixelRect(x: left - (parent.geometry?.x ?? 0), y: top - (parent.geometry?.y ?? 0),
                         width: right - left, height: bottom - top)
    }

    /// Only the window with the keyboard may hand it to a popup; a layer
    /// surface's menu (a bar's) may take it, as clicking the bar opened it.
    package func popupMayGrab(_ popup: XdgPopup) -> Bool {
        if let layer = desktop.layerSurface(of: popup.xdgSurface.surface) { return layer.mapped }
        guard let window = window(of: popup.xdgSurface.surface) else { return false }
        return window === stack.shown
    }

    /// A press at `point`: where it breaks the shown window's popup grab, or
    /// a layer surface's (a bar's open menu), their popups go.
    func dismissGrabbingPopups(unlessOver point: (x: Double, y: Double)?) {
        let pressed = point.flatMap { input.surface(at: $0.x, $0.y) }?.surface.client
        for layer in desktop.layerSurfaces.all where layer.popups.contains(where: { $0.mapped && $0.grabbing }) && pressed != layer.client {
            layer.dismissPopups()
        }
        guard let window = stack.shown, let grab = window.popupGrab else { return }
        if grab.isBroken(byPressOn: pressed) { window.toplevel.xdgSurface.dismissPopups() }
    }

    private func popupChanged(_ popup: XdgPopup) {
        if let layer = desktop.layerSurface(of: popup.xdgSurface.surface) {
            // A grabbing menu of a bar has the keyboard while it shows.
            if popup.grabbing && popup.mapped { desktop.layerSurfaces.keyboardAsked(by: layer) }
            focusShownWindow()
            return desktop.layersChanged(under: !layer.layer.isAboveWindows)
        }
        guard let window = window(of: popup.xdgSurface.surface) else { return }
        if window === stack.shown { focusShownWindow() }
        surfacesChanged(of: window)
    }
}
