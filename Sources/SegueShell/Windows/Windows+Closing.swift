/// A window that closes alone keeps its last picture while it is still
/// drawn: at its unmap, or before the commit that takes its buffer away
/// (foot's way). Placed freely it closes over its desktop where nothing above
/// it covers it; stacked, shown with no window behind it, off the background.
extension Windows {
    /// `window`'s surfaces as they are now, alone where they are, where it
    /// would close alone: to close over what is behind once they are gone.
    func keepClosingPicture(of window: Window) {
        if compositor.options.placement.showsOneWindow {
            let screen = output.windowScreen
            guard compositor.stack.shown === window, compositor.stack.windows.count == 1, !window.covers(screen) else { return }
            window.keepAlone(window.layers(on: screen, textures: compositor.textures), painter: compositor.renderer,
                             width: screen.width, height: screen.height)
        } else if closesInSight(window) {
            let origin = pixelOrigin(of: window)
            window.keepAlone(window.layers(x: origin.x, y: origin.y, scale: output.scale, textures: compositor.textures),
                             painter: compositor.renderer, width: output.width, height: output.height)
        }
    }

    /// Placed freely, whether `window` closing is seen whole: on screen, no
    /// window above it over it (its effect is drawn over the desktop, so one
    /// under another goes at once rather than over the window that hid it).
    private func closesInSight(_ window: Window) -> Bool {
        guard output.visibleWindows().contains(where: { $0 === window }) else { return false }
        let order = compositor.stack.shownOrder
        guard let index = order.firstIndex(where: { $0 === window }) else { return false }
        let rect = rect(of: window)
        return order[(index + 1)...].allSatisfy { rect.clipped(to: self.rect(of: $0)) == nil }
    }
}
