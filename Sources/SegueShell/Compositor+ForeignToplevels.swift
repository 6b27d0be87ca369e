import SegueWayland

/// Taskbars' window lists (wlr-foreign-toplevel-management): activating a
/// window is a switch like any other, closing one asks it to close.
extension Compositor: ForeignToplevelDelegate {
    package var shownWindowID: Int? { stack.shown?.id }

    package func activate(windowID: Int) {
        _ = try? perform(.show(.window(id: windowID)))
    }

    package func close(windowID: Int) {
        _ = try? perform(.close(.window(id: windowID)))
    }
}

extension Globals {
    /// A window opened, or its title or app id changed: the lists of windows hear it.
    func windowChanged(id: Int, _ toplevel: XdgToplevel) {
        transitionManager.windowChanged(id: id, toplevel)
        foreignToplevels.windowChanged(id: id, toplevel)
        toplevelList.windowChanged(id: id, toplevel)
    }

    func windowClosed(id: Int) {
        transitionManager.windowClosed(id: id)
        foreignToplevels.windowClosed(id: id)
        toplevelList.windowClosed(id: id)
        imageCopy.windowClosed(id: id)
    }
}
