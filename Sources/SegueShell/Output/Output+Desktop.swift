import SegueEngine
import SegueRender

/// Free placement's desktop on the output: its windows' layers, and each as
/// an element of the frame, whose damage is where elements differ.
extension Output {
    /// The desktop as layers, bottom first, each with its newest pixels:
    /// background and bottom layer surfaces, the windows, top and overlay.
    func desktopLayers() -> [SurfaceLayer] {
        let windows = delegate?.placedWindows().flatMap {
            textures.takePixels(of: $0.window)
            return $0.window.layers(x: $0.x, y: $0.y, scale: scale, textures: textures)
        } ?? []
        return layers(of: layerSurfaces.shown(on: .background ... .bottom)) + windows + overLayers()
    }

    /// `layers` as a frame's elements: each surface texture in the version of its pixels, where and how it lay.
    func elements(of layers: [SurfaceLayer]) -> [DrawnElement] {
        layers.map {
            DrawnElement(id: ObjectIdentifier($0.texture), version: textures.version(of: $0.texture), rect: $0.rect,
                         look: Placement($0))
        }
    }

    /// Where on the output `element`'s pixels changed since version `older`:
    /// their changed texels where it lies, scaled with it; all of it where
    /// they are turned or cropped, or what changed is not known.
    func changes(of element: DrawnElement, since older: Int, in layers: [SurfaceLayer]) -> Damage {
        let whole = Damage.within(Region([element.rect]))
        guard let layer = layers.first(where: { ObjectIdentifier($0.texture) == element.id }),
              layer.transform == .normal, layer.crop == SIMD4(0, 0, 1, 1),
              let texels = textures.changes(of: layer.texture, since: older) else { return whole }
        let rect = layer.rect, texture = layer.texture
        let sx = Double(rect.width) / Double(texture.width), sy = Double(rect.height) / Double(texture.height)
        return .within(Region(texels.compactMap { changed in
            let left = Int((Double(changed.x) * sx).rounded(.down)), top = Int((Double(changed.y) * sy).rounded(.down))
            let right = Int((Double(changed.x + changed.width) * sx).rounded(.up))
            let bottom = Int((Double(changed.y + changed.height) * sy).rounded(.up))
            return PixelRect(x: rect.x + left, y: rect.y + top, width: right - left, height: bottom - top).clipped(to: rect)
        }))
    }
}
