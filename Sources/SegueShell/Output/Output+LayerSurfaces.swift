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
    /// first, each with its newest pixels, those going among them.
    func layers(on levels: ClosedRange<DesktopLayer>) -> [SurfaceLayer] {
        let animations = layerSurfaces.animations
        let shown = layerSurfaces.shown(on: levels).filter { animations.animation(of: $0)?.picture == nil }
        let going = animations.running.filter { $0.picture.map { levels.contains($0.layer) } ?? false }
        let drawn = shown.map { (layer: $0, level: $0.layer) } + going.map { (layer: $0.surface, level: $0.picture!.layer) }
        return drawn.sorted { ($0.level, $0.layer.order) < ($1.level, $1.layer.order) }.flatMap { layer, _ in
            guard let animation = animations.animation(of: layer) else { return live(layer) }
            let rect = animation.picture?.rect ?? pixelRect(of: layer)
            let kept = animation.picture.flatMap { picture in picture.target.texture.map { SurfaceLayer($0, at: picture.rect) } }
            let drawn = kept.map { [$0] } ?? live(layer)
            let edge = SurfaceMotion.slideEdge(anchoredTo: Self.edges(layer.placement.anchor))
            return moved(drawn, from: rect, to: animation.motion.look(of: rect, shown: animation.shown, edge: edge, on: fullRect))
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

    /// `layers`, drawn over `rect`, drawn over `look`'s rectangle instead at its opacity.
    private func moved(_ layers: [SurfaceLayer], from rect: PixelRect, to look: SurfaceLook) -> [SurfaceLayer] {
        guard rect.width > 0, rect.height > 0 else { return [] }
        let sx = Double(look.rect.width) / Double(rect.width), sy = Double(look.rect.height) / Double(rect.height)
        // Gone from sight (faded out, or past the edge): nothing of it is drawn, so its end changes nothing.
        guard look.opacity > 0, look.rect.clipped(to: fullRect) != nil else { return [] }
        return layers.map { layer in
            var moved = layer
            let x0 = Double(layer.rect.x - rect.x) * sx, y0 = Double(layer.rect.y - rect.y) * sy
            let x1 = Double(layer.rect.x + layer.rect.width - rect.x) * sx, y1 = Double(layer.rect.y + layer.rect.height - rect.y) * sy
            moved.rect = PixelRect(x: look.rect.x + Int(x0.rounded()), y: look.rect.y + Int(y0.rounded()),
                                   width: Int(x1.rounded()) - Int(x0.rounded()), height: Int(y1.rounded()) - Int(y0.rounded()))
            moved.opacity *= Float(look.opacity)
            return moved
        }
    }

    private static func edges(_ anchor: LayerAnchor) -> Set<OutputEdge> {
        Set([(LayerAnchor.top, OutputEdge.top), (.bottom, .bottom), (.left, .left), (.right, .right)].filter { anchor.contains($0.0) }.map(\.1))
    }

    /// `layer`'s surfaces as they look now, alone over nothing, for it to go
    /// with: nil where nothing of it is drawn or GL has no room.
    func picture(of layer: LayerSurface) -> LayerPicture? {
        let rect = pixelRect(of: layer)
        var drawn = LayerSurfaces.placedSurfaces(of: layer).layers(x: 0, y: 0, scale: scale, textures: textures)
        // Its buffer just taken away, its texture still holds what it showed (its subsurfaces' went with it).
        if drawn.isEmpty, let texture = textures[layer.surface] {
            drawn = [SurfaceLayer(texture, at: PixelRect(x: 0, y: 0, width: rect.width, height: rect.height))]
        }
        guard !drawn.isEmpty, rect.width > 0, rect.height > 0, let target = try? painter.target(width: rect.width, height: rect.height),
              (try? painter.render(.alone(drawn), into: target)) != nil else { return nil }
        return LayerPicture(target: target, rect: rect, layer: layer.layer)
    }

    /// With `--record`, the frame just drawn in `target` goes to the folder
    /// of each layer surface's motion it showed.
    func recordLayerFrame(_ target: RenderTarget) {
        guard let recorder else { return }
        for animation in layerSurfaces.animations.running {
            // The client names its namespace: only letters, digits, dots and dashes of it name a folder.
            let namespace = String(animation.surface.namespace.prefix(40).map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == ".") ? $0 : "_" })
            let kind = animation.coming ? "open" : "close"
            recorder.record(target, in: "layer-\(String(format: "%03d", animation.id))-\(namespace)-\(kind)-\(animation.motion.rawValue)")
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
        if case .window(let window)? = delegate?.shownScreen(), window.toplevel.wantsFullscreen { return .overlay ... .overlay }
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

/// A layer surface going: what it last showed, where, and on which layer.
struct LayerPicture {
    let target: RenderTarget
    let rect: PixelRect
    let layer: DesktopLayer
}
