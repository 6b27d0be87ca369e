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
        let shown: [(surface: AnyObject, level: DesktopLayer)] = layerSurfaces.shown(on: levels)
            .filter { animations.animation(of: $0)?.picture == nil }.map { ($0, $0.layer) }
        let going = animations.running.compactMap { animation in
            animation.picture.flatMap { levels.contains($0.layer) ? (surface: animation.surface, level: $0.layer) : nil }
        }
        // A window's popup lies under every layer surface on its layer.
        func order(_ surface: AnyObject) -> Int { (surface as? LayerSurface)?.order ?? Int.min }
        return (shown + going).sorted { ($0.level, order($0.surface)) < ($1.level, order($1.surface)) }.flatMap { surface, _ in
            let layer = surface as? LayerSurface
            guard let animation = animations.animation(of: surface) else { return layer.map(live) ?? [] }
            guard let rect = animation.picture?.rect ?? layer.map(pixelRect(of:)) else { return [] }
            let kept = animation.picture.flatMap { picture in picture.target.texture.map { SurfaceLayer($0, at: picture.rect) } }
            let drawn = kept.map { [$0] } ?? layer.map(live) ?? []
            let edge = layer.flatMap { SurfaceMotion.slideEdge(anchoredTo: Self.edges($0.placement.anchor)) }
            return drawn.moved(from: rect, to: animation.motion.look(of: rect, shown: animation.shown, edge: edge, on: fullRect), within: fullRect)
        }
    }

    /// Its surfaces as they are, their newest pixels taken.
    private func live(_ layer: LayerSurface) -> [SurfaceLayer] {
        let placed = LayerSurfaces.placedSurfaces(of: layer)
        for surface in placed { textures.takePixels(of: surface.surface) }
        return placed.layers(x: layer.rect.x * scale, y: layer.rect.y * scale, scale: scale, textures: textures)
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
        picture(of: LayerSurfaces.placedSurfaces(of: layer), surface: layer.surface, at: pixelRect(of: layer), on: layer.layer)
    }

    /// `placed` (relative to `rect`'s top left) alone over nothing, as they
    /// will be drawn over `rect` on `level`. Where `surface`'s buffer was just
    /// taken away, its texture still holds what it showed (its subsurfaces' went with it).
    func picture(of placed: [PlacedSurface], surface: Surface, at rect: PixelRect, on level: DesktopLayer) -> LayerPicture? {
        var drawn = placed.layers(x: 0, y: 0, scale: scale, textures: textures)
        if drawn.isEmpty, let texture = textures[surface] {
            drawn = [SurfaceLayer(texture, at: PixelRect(x: 0, y: 0, width: rect.width, height: rect.height))]
        }
        guard !drawn.isEmpty, rect.width > 0, rect.height > 0, let target = try? painter.target(width: rect.width, height: rect.height),
              (try? painter.render(.alone(drawn), into: target)) != nil else { return nil }
        return LayerPicture(target: target, rect: rect, layer: level)
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
