import SegueEngine
import SegueRender
import SegueWayland

/// The desktop's layer surfaces on the output: background and bottom under
/// the windows, composed into a backdrop every window's screen is composed
/// onto (and the screen shown with no window); top and overlay drawn over
/// whatever a frame shows, a transition's frames included, so a bar stays
/// put while the window under it changes. One coming on screen or going is
/// drawn where its motion has it, a going one as its last picture.
extension Output {
    /// The layer surfaces on `levels` as layers in output pixels, bottom
    /// first, each with its newest pixels, those going among them (and over
    /// the top layer's, windows' popups going).
    func layers(on levels: ClosedRange<DesktopLayer>) -> [SurfaceLayer] {
        let animations = layerSurfaces.animations
        let shown: [(surface: AnyObject, level: DesktopLayer, order: Int)] = layerSurfaces.shown(on: levels)
            .filter { animations.animation(of: $0)?.picture == nil }.map { ($0, $0.layer, $0.order) }
        let going = animations.running.compactMap { animation in
            animation.picture.flatMap { levels.contains($0.layer) ? (surface: animation.surface, level: $0.layer, order: $0.order) : nil }
        }
        // A popup going lies just over the layer surface it hangs from (a window's: under every one on its layer).
        func key(_ drawn: (surface: AnyObject, level: DesktopLayer, order: Int)) -> (DesktopLayer, Int, Int) {
            (drawn.level, drawn.order, drawn.surface is LayerSurface ? 0 : 1)
        }
        return (shown + going).sorted { key($0) < key($1) }.flatMap { surface, _, _ in
            let layer = surface as? LayerSurface
            guard let animation = animations.animation(of: surface) else { return layer.map(live) ?? [] }
            guard let rect = animation.picture?.rect ?? layer.map(pixelRect(of:)) else { return [] }
            let kept = animation.picture.flatMap { picture in picture.target.texture.map { SurfaceLayer($0, at: picture.rect) } }
            let drawn = kept.map { [$0] } ?? layer.map(live) ?? []
            let edge = layer.flatMap { SurfaceMotion.slideEdge(anchoredTo: Self.edges($0.placement.anchor)) }
            return drawn.moved(from: rect, to: animation.motion.look(of: rect, shown: animation.shown, edge: edge, on: fullRect), within: fullRect)
        }
    }

    /// Its surfaces as they are, their newest pixels taken, each popup coming where its motion has it.
    private func live(_ layer: LayerSurface) -> [SurfaceLayer] {
        let x = layer.rect.x * scale, y = layer.rect.y * scale
        return LayerSurfaces.placedGroups(of: layer).flatMap { popup, origin, placed in
            for surface in placed { textures.takePixels(of: surface.surface) }
            let drawn = placed.layers(x: x, y: y, scale: scale, textures: textures)
            guard let popup, let animation = layerSurfaces.animations.animation(of: popup) else { return drawn }
            let surface = popup.xdgSurface.surface
            let rect = PixelRect(x: x + origin.x * scale, y: y + origin.y * scale, width: surface.width * scale, height: surface.height * scale)
            return drawn.moved(from: rect, to: animation.motion.look(of: rect, shown: animation.shown, edge: nil, on: rect), within: fullRect)
        }
    }

    /// Where `layer` lies on the output, in output pixels.
    func pixelRect(of layer: LayerSurface) -> PixelRect {
        PixelRect(x: layer.rect.x * scale, y: layer.rect.y * scale, width: layer.rect.width * scale, height: layer.rect.height * scale)
    }

    private static func edges(_ anchor: LayerAnchor) -> Set<OutputEdge> {
        Set([(LayerAnchor.top, OutputEdge.top), (.bottom, .bottom), (.left, .left), (.right, .right)].filter { anchor.contains($0.0) }.map(\.1))
    }

    /// `layer`'s surfaces as they look now, alone over nothing, for it to go
    /// with: nil where nothing of it is drawn or GL has no room.
    func picture(of layer: LayerSurface) -> LayerPicture? {
        picture(of: LayerSurfaces.placedSurfaces(of: layer), surface: layer.surface, at: pixelRect(of: layer), on: layer.layer, order: layer.order)
    }

    /// `placed` (relative to `rect`'s top left) alone over nothing, as they
    /// will be drawn over `rect` on `level`, among its layer surfaces at `order`. Where `surface`'s buffer was just
    /// taken away, its texture still holds what it showed (its subsurfaces' went with it).
    func picture(of placed: [PlacedSurface], surface: Surface, at rect: PixelRect, on level: DesktopLayer, order: Int = .min) -> LayerPicture? {
        var drawn = placed.layers(x: 0, y: 0, scale: scale, textures: textures)
        if drawn.isEmpty, let texture = textures[surface] {
            drawn = [SurfaceLayer(texture, at: PixelRect(x: 0, y: 0, width: rect.width, height: rect.height))]
        }
        guard !drawn.isEmpty, rect.width > 0, rect.height > 0, let target = try? painter.target(width: rect.width, height: rect.height),
              (try? painter.render(.alone(drawn), into: target)) != nil else { return nil }
        return LayerPicture(target: target, rect: rect, layer: level, order: order)
    }

    /// With `--record`, the frame just drawn in `target` goes to the folder
    /// of each layer surface's motion and window's resize it showed.
    func recordLayerFrame(_ target: RenderTarget) {
        guard let recorder else { return }
        for animation in layerSurfaces.animations.running {
            // The client names its namespace: only letters, digits, dots and dashes of it name a folder.
            let named = (animation.surface as? LayerSurface)?.namespace ?? "popup"
            let namespace = String(named.prefix(40).map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == ".") ? $0 : "_" })
            let kind = animation.coming ? "open" : "close"
            recorder.record(target, in: "layer-\(String(format: "%03d", animation.id))-\(namespace)-\(kind)-\(animation.motion.rawValue)")
        }
        for resize in layerSurfaces.motions.resizes.running {
            recorder.record(target, in: "resize-\(String(format: "%03d", resize.id))-window-\(resize.surface.id)-\(resize.motion.kind.rawValue)")
        }
    }

    /// Top and overlay, drawn over every frame; overlay alone over a
    /// fullscreen window, which covers bars as it covers everything else.
    func overLayers() -> [SurfaceLayer] { layers(on: layersOverWindows) }

    /// Whether `layer` is on screen now: not a top layer under a fullscreen window.
    func showsLayer(_ layer: LayerSurface) -> Bool {
        layer.mapped && (!layer.layer.isAboveWindows || layersOverWindows.contains(layer.layer))
    }

    /// The layers drawn over the shown window.
    var layersOverWindows: ClosedRange<DesktopLayer> {
        if case .window(let window)? = delegate?.shownScreen(), window.drawnState.fullscreen { return .overlay ... .overlay }
        return .top ... .overlay
    }

    /// Background and bottom composed into one output-sized texture over the
    /// background colour, drawn again where their elements changed; nil with
    /// none on screen, when the colour is all there is under windows.
    func backdrop() -> Texture? {
        let layers = layers(on: .background ... .bottom)
        guard !layers.isEmpty else {
            backdropComposition.free()
            return nil
        }
        return backdropComposition.compose(layers, elements: layers.map(textures.element(of:)), background: background,
                                           width: width, height: height, painter: painter, versions: textures.versions)
    }
}
