import SegueEngine
import SegueWayland

/// Windows' popups and menus pop in briefly as they come and out as they go
/// (`[layers] popup-duration`), a going one drawn as it last looked, over its
/// window and under the bars; none with reduced motion, and none for a window
/// not on screen.
extension Windows {
    func popupCame(_ popup: XdgPopup) {
        guard let window = onScreenWindow(of: popup) else { return }
        start(popup, of: window, coming: true)
    }

    func popupWent(_ popup: XdgPopup) {
        guard let window = onScreenWindow(of: popup) else {
            if let stopped = layerSurfaces.animations.stop(popup) { compositor.desktop.reportMotion(stopped) }
            return
        }
        start(popup, of: window, coming: false)
    }

    /// The window `popup` belongs to, while it shows and motion is not reduced.
    private func onScreenWindow(of popup: XdgPopup) -> Window? {
        guard popup.layerParent == nil, !compositor.config.reduceMotion, compositor.config.layers.popupDuration > 0, let window = window(of: popup.xdgSurface.surface),
              output.visibleWindows().contains(where: { $0 === window }) else { return nil }
        return window
    }

    private func start(_ popup: XdgPopup, of window: Window, coming: Bool) {
        var picture: LayerPicture?
        if !coming {
            guard let origin = window.origin(of: popup) else { return }
            let surface = popup.xdgSurface.surface, scale = output.scale, corner = pixelOrigin(of: window)
            // Its buffer just taken away, its size is its texture's.
            let size = surface.width > 0 ? (surface.width * scale, surface.height * scale)
                : compositor.textures[surface].map { ($0.width, $0.height) } ?? (0, 0)
            let rect = PixelRect(x: corner.x + origin.x * scale, y: corner.y + origin.y * scale, width: size.0, height: size.1)
            var placed: [PlacedSurface] = []
            surface.place(x: 0, y: 0, into: &placed)
            picture = output.picture(of: placed, surface: surface, at: rect, on: .top)
            guard picture != nil else { return }
        }
        if let replaced = layerSurfaces.animations.start(popup, motion: .popin, coming: coming, duration: compositor.config.layers.popupDuration,
                                                         curve: .easeOut, picture: picture) {
            compositor.desktop.reportMotion(replaced)
        }
        output.layersChanged()
    }
}
