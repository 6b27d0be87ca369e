import SegueEngine
import SegueWayland

/// The desktop's layer surfaces (bars, launchers, backgrounds, lock
/// screens) and their arrangement: placed on the output as they ask,
/// windows configured to the area they leave, drawn under or over the
/// windows, and given the keyboard when they ask for all of it or are clicked.
final class Desktop: LayerShellDelegate {
    unowned let compositor: Compositor
    /// Where each lies and which has the keyboard; the output draws them.
    let layerSurfaces: LayerSurfaces

    init(compositor: Compositor, layerSurfaces: LayerSurfaces) {
        self.compositor = compositor
        self.layerSurfaces = layerSurfaces
    }

    var output: Output { compositor.output }

    package func layerSurfaceCommitted(_ layer: LayerSurface) {
        let layers = layerSurfaces
        layers.add(layer)
        let placedBefore = layer.rect, layerBefore = layer.layer
        // It came on screen or went: it moves as its namespace says, a going one drawn as it last looked.
        let (came, went) = (layer.mapped && !layers.wasShown(layer), !layer.mapped && layers.wasShown(layer))
        if came || went { animate(layer, coming: came) }
        arrangeLayers()
        let cameOrWent = layers.shownChanged()
        // One over the windows that takes the keyboard on demand takes it as it comes, as a window opened does.
        if cameOrWent && layer.mapped && layer.keyboard == .onDemand && layer.layer.isAboveWindows { layers.keyboardAsked(by: layer) }
        // Came, went, moved or changed layer: drawn anew, the output over.
        if cameOrWent || (layer.mapped && (layer.rect != placedBefore || layer.layer != layerBefore)) { layersChanged() }
        if layers.keyboardOwnerChanged() || cameOrWent { compositor.windows.focusShownWindow() }
        if layer.mapped { sendEnteredOutputs(of: layer) } else { compositor.windows.leaveOutputs(layer.surface) }
    }

    package func layerSurfaceDestroyed(_ layer: LayerSurface) {
        if layerSurfaces.wasShown(layer) { animate(layer, coming: false) }
        layerSurfaces.remove(layer)
        arrangeLayers()
        let keyboardMoved = layerSurfaces.keyboardOwnerChanged(), wentOff = layerSurfaces.shownChanged()
        if keyboardMoved || wentOff {
            layersChanged()
            compositor.windows.focusShownWindow()
        }
    }

    /// Places the layer surfaces again: any shown one moved is drawn where it
    /// is now (under the windows, in the backdrop); where the area left for
    /// windows changed, windows are configured to it.
    func arrangeLayers() {
        let shown = layerSurfaces.shown(on: .background ... .overlay), before = shown.map(\.rect)
        let areaChanged = layerSurfaces.arrange(in: output.logicalRect)
        let moved = zip(shown, before).filter { $0.0.rect != $0.1 }.map(\.0)
        if !moved.isEmpty { layersChanged() }
        guard areaChanged else { return }
        for window in compositor.allWindows {
            window.toplevel.reconfigure()
            // A maximized window on a free desktop moves to the area's corner.
            _ = compositor.windows.updateOrigin(of: window)
        }
        layersChanged()
    }

    /// A layer surface (or one of its subsurfaces or popups) committed new
    /// content. A top layer under a fullscreen window shows nothing, so draws nothing.
    func layerContentCommitted(_ layer: LayerSurface, by surface: Surface, _ changes: CommitChanges) {
        guard layer.mapped, output.showsLayer(layer) else { return }
        if changes.newContent || changes.subsurfacesChanged {
            layersChanged()
        } else if !surface.frameCallbacks.isEmpty {
            output.requestFrame()
        }
    }

    /// What layer surfaces show changed (one came, went, moved or drew):
    /// the next frame's elements say where, and the backdrop's and each
    /// stacked window's screen's elements where those change.
    func layersChanged() {
        compositor.input.pointerLayoutChanged()
        output.layersChanged()
    }

    /// The layer surface `surface` is part of: its own, a subsurface's or a popup's.
    func layerSurface(of surface: Surface) -> LayerSurface? { compositor.windows.rootSurface(of: surface).role as? LayerSurface }

    /// The layer surfaces' surfaces on screen on `layers`, top first, each
    /// with its top left on the output in surface units: where input finds them.
    func inputOrder(on layers: ClosedRange<DesktopLayer>) -> [(surface: Surface, x: Double, y: Double)] {
        layerSurfaces.shown(on: layers).reversed().flatMap { layer in
            LayerSurfaces.placedSurfaces(of: layer).reversed().map { ($0.surface, Double(layer.rect.x + $0.x), Double(layer.rect.y + $0.y)) }
        }
    }

    /// A layer surface shown tells its client it is on the output, its subsurfaces and popups with it.
    func sendEnteredOutputs(of layer: LayerSurface) {
        let outputs = compositor.offered?.output.resources(for: layer.surface.client) ?? []
        compositor.windows.forEachSurface(of: layer.surface) { $0.updateEnteredOutputs(to: outputs, among: outputs) }
    }
}
