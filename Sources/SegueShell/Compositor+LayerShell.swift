import SegueEngine
import SegueWayland

/// Layer surfaces: placed on the output as they ask, windows configured to
/// the area they leave, drawn under or over the windows, and given the
/// keyboard when they ask for all of it or are clicked.
extension Compositor: LayerShellDelegate {
    package func layerSurfaceCommitted(_ layer: LayerSurface) {
        let layers = output.layerSurfaces
        layers.add(layer)
        let placedBefore = layer.rect, layerBefore = layer.layer
        arrangeLayers()
        let cameOrWent = layers.shownChanged()
        // One that takes the keyboard on demand takes it as it comes, as a window opened does.
        if cameOrWent && layer.mapped && layer.keyboard == .onDemand { layers.clicked = layer }
        // Came, went, moved or changed layer: drawn anew, the output over.
        if cameOrWent || (layer.mapped && (layer.rect != placedBefore || layer.layer != layerBefore)) { layersChanged(under: true) }
        if layers.keyboardOwnerChanged() || cameOrWent { focusShownWindow() }
        if layer.mapped { sendEnteredOutputs(of: layer) } else { leaveOutputs(layer.surface) }
    }

    package func layerSurfaceDestroyed(_ layer: LayerSurface) {
        output.layerSurfaces.remove(layer)
        arrangeLayers()
        let keyboardMoved = output.layerSurfaces.keyboardOwnerChanged(), wentOff = output.layerSurfaces.shownChanged()
        if keyboardMoved || wentOff {
            layersChanged(under: true)
            focusShownWindow()
        }
    }

    /// Places the layer surfaces again; where that changes the area left for
    /// windows, windows are configured to it and their screens composed anew.
    func arrangeLayers() {
        guard output.arrangeLayerSurfaces() else { return }
        for window in stack.windows {
            window.contentChanged()
            window.toplevel.reconfigure()
        }
        output.damage()
        pointerLayoutChanged()
    }

    /// A layer surface (or one of its subsurfaces or popups) committed new content.
    func layerContentCommitted(_ layer: LayerSurface, by surface: Surface) {
        guard layer.mapped else { return }
        if surface.committedNewContent || surface.committedSubsurfaceChange {
            layersChanged(under: !layer.layer.isAboveWindows, at: layer, committedBy: surface)
        }
        else if !surface.frameCallbacks.isEmpty { output.requestFrame() }
    }

    /// What layer surfaces show changed: under the windows, the backdrop and
    /// every window's screen on it are composed anew; over them, only where
    /// the layer surface lies is drawn again, or of its own surface's commit
    /// only what it damaged (all of the output without one).
    func layersChanged(under: Bool, at layer: LayerSurface? = nil, committedBy surface: Surface? = nil) {
        pointerLayoutChanged()
        guard options.placement.showsOneWindow else { return output.desktopLayersChanged() }
        guard !under, let layer else {
            for window in stack.windows { window.contentChanged() }
            return output.backdropChanged()
        }
        let scale = output.scale
        // Its popups may reach past it: they are drawn anew with the whole output.
        guard layer.popups.isEmpty else { return output.damage() }
        let placed = PixelRect(x: layer.rect.x * scale, y: layer.rect.y * scale, width: layer.rect.width * scale,
                               height: layer.rect.height * scale)
        let committed = surface.map { $0 === layer.surface && !$0.committedSubsurfaceChange } ?? false
        output.damage(committed ? Window.damage(of: layer.surface, placed: placed, scale: scale) : .within(Region([placed])))
    }

    /// The layer surface `surface` is part of: its own, a subsurface's or a popup's.
    func layerSurface(of surface: Surface) -> LayerSurface? {
        var root = surface
        while true {
            if let parent = (root.role as? Subsurface)?.parent {
                root = parent
            } else if let popup = root.role as? XdgPopup, let parent = popup.parent?.surface ?? popup.layerParent?.surface {
                root = parent
            } else {
                return root.role as? LayerSurface
            }
        }
    }

    /// Where `layer`'s top left is on the output, in surface units.
    func origin(of layer: LayerSurface) -> (x: Double, y: Double) { (Double(layer.rect.x), Double(layer.rect.y)) }

    /// The layer surfaces' surfaces on screen on `layers`, top first, each
    /// with its top left on the output in surface units: where input finds them.
    func inputOrder(on layers: ClosedRange<DesktopLayer>) -> [(surface: Surface, x: Double, y: Double)] {
        output.layerSurfaces.shown(on: layers).reversed().flatMap { layer in
            LayerSurfaces.placedSurfaces(of: layer).reversed().map { ($0.surface, Double(layer.rect.x + $0.x), Double(layer.rect.y + $0.y)) }
        }
    }

    /// A layer surface shown tells its client it is on the output.
    private func sendEnteredOutputs(of layer: LayerSurface) {
        let outputs = offered?.output.resources(for: layer.surface.client) ?? []
        layer.surface.updateEnteredOutputs(to: outputs, among: outputs)
    }
}
