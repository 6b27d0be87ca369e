import SegueEngine
import SegueRender
import SegueWayland

/// The desktop's layer surfaces on the output: background and bottom under
/// the windows, composed into a backdrop every window's screen is composed
/// onto (and the screen shown with no window); top and overlay drawn over
/// whatever a frame shows, a transition's frames included, so a bar stays
/// put while the window under it changes.
extension Output {
    /// The layer surfaces on `layers` as layers in output pixels, bottom first, each with its newest pixels.
    func layers(of layerSurfaces: [LayerSurface]) -> [SurfaceLayer] {
        layerSurfaces.flatMap { layer in
            let placed = LayerSurfaces.placedSurfaces(of: layer)
            for surface in placed { textures.takePixels(of: surface.surface) }
            return placed.layers(x: layer.rect.x * scale, y: layer.rect.y * scale, scale: scale, textures: textures)
        }
    }

    /// Top and overlay, drawn over every frame; overlay alone over a
    /// fullscreen window, which covers bars as it covers everything else.
    func overLayers() -> [SurfaceLayer] { layers(of: layerSurfaces.shown(on: layersOverWindows)) }

    /// Whether `layer` is on screen now: not a top layer under a fullscreen window.
    func showsLayer(_ layer: LayerSurface) -> Bool {
        layer.mapped && (!layer.layer.isAboveWindows || layersOverWindows.contains(layer.layer))
    }

    /// The layers drawn over the shown window.
    var layersOverWindows: ClosedRange<DesktopLayer> {
        if case .window(let window)? = delegate?.shownScreen(), window.toplevel.wantsFullscreen { return .overlay ... .overlay }
        return .top ... .overlay
    }

    /// Background and bottom composed into one output-sized texture over the
    /// background colour, drawn again where their elements changed; nil with
    /// none on screen, when the colour is all there is under windows.
    func backdrop() -> Texture? {
        let under = layerSurfaces.shown(on: .background ... .bottom)
        guard !under.isEmpty else {
            backdropComposition.free()
            return nil
        }
        let layers = layers(of: under)
        return backdropComposition.compose(layers, elements: layers.map(textures.element(of:)), background: background,
                                           width: width, height: height, painter: painter, versions: textures.versions)
    }
}
