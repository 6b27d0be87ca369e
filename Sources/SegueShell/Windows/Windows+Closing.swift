/// A window placed freely closes over its desktop as its last picture, kept
/// while it is still drawn: at its unmap, or before the commit that takes its
/// buffer away (foot's way), where nothing above it covers it.
extension Windows {
    /// Placed freely and closing in sight, `window`'s surfaces as they are
    /// now, alone where they are, to close over its desktop once they are gone.
    func keepPlacedPicture(of window: Window) {
        guard !compositor.options.placement.showsOneWindow, closesInSight(window) else { return }
        let origin = pixelOrigin(of: window)
        window.keepAlone(window.layers(x: origin.x, y: origin.y, scale: output.scale, textures: compositor.textures),
                         painter: compositor.renderer, width: output.width, height: output.height)
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
