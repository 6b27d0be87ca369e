import SegueEngine
import SegueWayland

/// Popups and menus pop in briefly as they come and out as they go
/// (`[layers] popup-duration`), a going one drawn as it last looked: a
/// window's over its window and under the bars, a bar's just over its bar.
/// None with reduced motion, and none for a parent not on screen.
extension Windows {
    func popupCame(_ popup: XdgPopup) {
        guard onScreenParent(of: popup) != nil else { return }
        start(popup, coming: true, picture: nil)
    }

    func popupWent(_ popup: XdgPopup) {
        guard let parent = onScreenParent(of: popup), let picture = picture(of: popup, over: parent) else {
            if let stopped = layerSurfaces.animations.stop(popup) { compositor.desktop.reportMotion(stopped) }
            return
        }
        start(popup, coming: false, picture: picture)
    }

    private enum PopupParent {
        case window(Window)
        case layer(LayerSurface)
    }

    /// The window or layer surface `popup` hangs from, while it shows and motion is not reduced.
    private func onScreenParent(of popup: XdgPopup) -> PopupParent? {
        guard !compositor.config.reduceMotion, compositor.config.layers.popupDuration > 0 else { return nil }
        let surface = popup.xdgSurface.surface
        if let layer = compositor.desktop.layerSurface(of: surface) { return output.showsLayer(layer) ? .layer(layer) : nil }
        guard let window = window(of: surface), output.visibleWindows().contains(where: { $0 === window }) else { return nil }
        return .window(window)
    }

    /// `popup` as it last showed, alone, where it lay on the output.
    private func picture(of popup: XdgPopup, over parent: PopupParent) -> LayerPicture? {
        let scale = output.scale
        let corner: (x: Int, y: Int), origin: (x: Int, y: Int)?, level: DesktopLayer, order: Int
        switch parent {
        case .window(let window):
            (corner, origin, level, order) = (pixelOrigin(of: window), window.origin(of: popup), .top, .min)
        case .layer(let layer):
            (corner, origin) = ((layer.rect.x * scale, layer.rect.y * scale), LayerSurfaces.origin(of: popup, in: layer))
            (level, order) = (layer.layer, layer.order)
        }
        guard let origin else { return nil }
        let surface = popup.xdgSurface.surface
        // Its buffer just taken away, its size is its texture's.
        let size = surface.width > 0 ? (surface.width * scale, surface.height * scale)
            : compositor.textures[surface].map { ($0.width, $0.height) } ?? (0, 0)
        let rect = PixelRect(x: corner.x + origin.x * scale, y: corner.y + origin.y * scale, width: size.0, height: size.1)
        var placed: [PlacedSurface] = []
        surface.place(x: 0, y: 0, into: &placed)
        return output.picture(of: placed, surface: surface, at: rect, on: level, order: order)
    }

    private func start(_ popup: XdgPopup, coming: Bool, picture: LayerPicture?) {
        if let replaced = layerSurfaces.animations.start(popup, motion: .popin, coming: coming, duration: compositor.config.layers.popupDuration,
                                                         curve: .easeOut, picture: picture) {
            compositor.desktop.reportMotion(replaced)
        }
        output.layersChanged()
    }
}
