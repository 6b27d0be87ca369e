import Foundation
import SegueEngine

/// Draws an effect's layers, bottom first, each by the cheapest exact path: a
/// blit for an opaque screen placed on whole pixels at its own size, a fill for
/// an opaque colour, one textured quad for a moved, scaled or turned screen, a
/// mesh for a circle mask, and blits of runs of columns for per-column offsets.
struct LayerPainter {
    typealias Copy = (source: PixelRect, x: Int, y: Int)
    /// Red, green, blue and alpha, premultiplied.
    typealias Colour = (Float, Float, Float, Float)
    let meshes: MeshProgram
    let masks: MaskProgram
    let white: Texture
    /// The side that is nothing (a transparent texel) as a caller gives it.
    let nothing: Texture
    /// A transparent texture of a target's size: what nothing, and a colour
    /// layer, is over the desktop, copied or sampled 1:1 as a screen is
    /// (llvmpipe samples one texel stretched off its linear path, 3-4× slower).
    let transparent: (_ width: Int, _ height: Int) throws -> Texture
    let copy: (Texture, [Copy], RenderTarget) -> Void

    /// The layers cover the output; where the bottom one lets light through, it
    /// is black, as a fragment shader's premultiplied output would show.
    /// `over`: a frame to be laid over what is behind (a window opening or
    /// closing over the desktop), painted as the effect's shader paints one,
    /// alpha included: what shows neither screen, a colour layer among them,
    /// is transparent; each screen replaces what is under it, mixed at its
    /// opacity (a side that is nothing, or a window's margin, clears it); a
    /// shadow darkens only where `from` covers. With a `sparse` side over the
    /// desktop (a window alone in its drawing), the frame is cleared first and
    /// a layer of it that replaces only what is still transparent draws only
    /// the part of it that holds the window. What may not be transparent
    /// after: the bounds of what was drawn, in target pixels (nil: none).
    @discardableResult
    func paint(_ layers: [EffectLayer], from: Texture, to: Texture, over: Bool = false, sparse: SparseSide? = nil,
               into target: RenderTarget) throws -> PixelRect? {
        let whole = PixelRect(x: 0, y: 0, width: target.width, height: target.height)
        let clear = over ? try transparent(target.width, target.height) : nothing
        let (from, to) = (from === nothing ? clear : from, to === nothing ? clear : to)
        let sparse = over ? sparse : nil
        var painted = PaintedBounds(tracking: sparse != nil)
        if sparse != nil {
            target.clear([whole], to: (0, 0, 0, 0))
        } else if let bottom = layers.first {
            // Only what the bottom layer leaves uncovered (a slid screen's strip beside it).
            let uncovered = Self.uncovered(whole, by: bottom, opaque: over || Self.isOpaque(bottom, from: from, to: to))
            target.clear(uncovered, to: over ? (0, 0, 0, 0) : (0, 0, 0, 1))
        }
        // Neighbouring layers drawn alike as meshes are one draw (a lamp's strips):
        // triangles are blended in the order given, so the frame is the same.
        var batch: (mesh: LayerMesh, texture: Texture, level: Int, blend: LayerBlend)?
        func flush() {
            if let pending = batch { meshes.draw(pending.mesh, pending.texture, level: pending.level, blend: pending.blend, opaqueAlpha: over, into: target) }
            batch = nil
        }
        defer { flush() }
        for var layer in layers where layer.opacity > 0 {
            let opacity = Float(min(layer.opacity, 1))
            let (texture, blend, flat) = over ? overContent(layer, opacity, from: from, to: to, clear: clear)
                : content(layer, opacity, from: from, to: to)
            // The level a layer is sampled at is its frame's scale over its source's: a cut keeps it.
            let level = mipmapLevel(layer, texture)
            // Where the side is transparent, a layer over what is transparent too, or blended over, draws nothing.
            let cut = sparse.flatMap { texture === $0.texture && (blend.isOver || !painted.overlaps(layer)) ? $0 : nil }
            let copied = blend == .none && layer.mask == nil ? copiedAsIs(layer, texture) : nil
            if let cut, copied == nil {
                guard let cropped = layer.cropped(to: cut.content(sampledAt: level)) else { continue }
                layer = cropped
            }
            if flat.map({ $0.3 > 0 }) ?? true { painted.add(layer) }
            let placement = LayerPlacement(frame: layer.frame, source: layer.source, rotation: layer.rotation)
            switch layer.mask {
            case nil:
                if let colour = flat, opacity >= 1, layer.rotation == nil, let rect = layer.frame.pixelRect {
                    flush()
                    target.clear([rect], to: colour)
                } else if let rect = copied {
                    flush()
                    // Of a cut side, the texels that hold its window: a copy at its own size shows them as they are.
                    let source = cut.map { $0.pixels } ?? PixelRect(x: 0, y: 0, width: rect.width, height: rect.height)
                    if let source {
                        copy(texture, [(source, rect.x + source.x, rect.y + source.y)], target)
                    }
                    if over, texture.isOpaque { target.makeOpaque([rect]) }
                } else if let pending = batch, pending.texture === texture, pending.level == level, pending.blend == blend {
                    batch?.mesh.append(mesh(placement, target))
                } else {
                    flush()
                    batch = (mesh(placement, target), texture, level, blend)
                }
            case .circle(let circle)?, .outsideCircle(let circle)?, .innerShadow(let circle, _, _)?:
                flush()
                let tinted = if case .color = layer.content { true } else { false }
                masks.draw(texture, flat: tinted && texture !== clear, at: placement, circle: circle, shape: Self.shape(of: layer.mask),
                           blend: blend, level: level, opaqueAlpha: over, meshes: meshes, into: target)
            case .columns(let offsets)?:
                flush()
                paintColumns(layer, offsets: offsets, texture: texture, blend: blend, level: level, over: over, into: target)
            }
        }
        return painted.bounds(within: whole)
    }

    /// A layer's texture and blend on an opaque frame, and its colour where it is one.
    private func content(_ layer: EffectLayer, _ opacity: Float, from: Texture, to: Texture)
        -> (Texture, LayerBlend, Colour?) {
        switch layer.content {
        case .color(let red, let green, let blue):
            let colour = (Float(red), Float(green), Float(blue), Float(1))
            return (white, .over(tint: SIMD4(colour.0, colour.1, colour.2, 1) * opacity), layer.mask == nil ? colour : nil)
        case .from: return (from, .screen(opaque: from.isOpaque, opacity: opacity), nil)
        case .to: return (to, .screen(opaque: to.isOpaque, opacity: opacity), nil)
        }
    }

    /// The same on a frame laid over the desktop: a screen replaces, mixed at
    /// its opacity, its alpha as it is (1 for an opaque one); a colour is
    /// nothing, but for a shadow, which is its colour times `from`'s coverage.
    private func overContent(_ layer: EffectLayer, _ opacity: Float, from: Texture, to: Texture, clear: Texture)
        -> (Texture, LayerBlend, Colour?) {
        let mixed: LayerBlend = opacity >= 1 ? .none : .fade(opacity)
        switch layer.content {
        case .color(let red, let green, let blue):
            if case .innerShadow? = layer.mask {
                return (from, .over(tint: SIMD4(Float(red), Float(green), Float(blue), 1) * opacity), nil)
            }
            return (clear, mixed, layer.mask == nil ? (0, 0, 0, 0) : nil)
        case .from: return (from, mixed, from === clear && layer.mask == nil ? (0, 0, 0, 0) : nil)
        case .to: return (to, mixed, to === clear && layer.mask == nil ? (0, 0, 0, 0) : nil)
        }
    }

    /// The mesh a layer's frame covers on the target: one rectangle, or a
    /// turned frame cut into rectangles and triangles along its slanted edges.
    private func mesh(_ placement: LayerPlacement, _ target: RenderTarget) -> LayerMesh {
        var mesh = LayerMesh()
        guard let mapping = placement.mapping else { return mesh }
        let bounds = SIMD2(Double(target.width), Double(target.height))
        if placement.rotation.map({ $0.angle == 0 }) ?? true {
            let f = placement.frame
            mesh.addRect(max(min(f.x, f.x + f.width), 0), max(min(f.y, f.y + f.height), 0),
                         min(max(f.x, f.x + f.width), bounds.x), min(max(f.y, f.y + f.height), bounds.y), mapping)
        } else {
            mesh.addConvex(placement.corners, mapping, bounds: bounds)
        }
        return mesh
    }

    /// Runs of neighbouring columns that move alike become one copy each (one
    /// rectangle each where the layer is not a plain copy); a column moved past
    /// the bottom is not drawn.
    private func paintColumns(_ layer: EffectLayer, offsets: [Int], texture: Texture, blend: LayerBlend, level: Int, over: Bool,
                              into target: RenderTarget) {
        let frame = layer.frame
        let height = Int(frame.height.rounded(.up))
        var runs: [(start: Int, end: Int, offset: Int)] = []
        for (x, offset) in offsets.enumerated() where offset < height {
            if let last = runs.last, last.end == x, last.offset == offset {
                runs[runs.count - 1].end = x + 1
            } else {
                runs.append((x, x + 1, offset))
            }
        }
        if blend == .none, let rect = copiedAsIs(layer, texture) {
            let copies: [Copy] = runs.map { run in
                (PixelRect(x: run.start, y: 0, width: run.end - run.start, height: rect.height - max(run.offset, 0)),
                 rect.x + run.start, rect.y + max(run.offset, 0))
            }
            copy(texture, copies, target)
            if over, texture.isOpaque {
                target.makeOpaque(copies.map { PixelRect(x: $0.x, y: $0.y, width: $0.source.width, height: $0.source.height) })
            }
            return
        }
        var mesh = LayerMesh()
        for run in runs {
            let x0 = Double(run.start), w = Double(run.end - run.start), dy = Double(max(run.offset, 0))
            guard frame.width > 0, frame.height > dy else { continue }
            var slice = LayerPlacement(frame: LayerRect(x: frame.x + x0, y: frame.y + dy, width: w, height: frame.height - dy),
                                       source: layer.source, rotation: layer.rotation)
            slice.source.x += x0 / frame.width * layer.source.width
            slice.source.width *= w / frame.width
            slice.source.height *= (frame.height - dy) / frame.height
            mesh.append(self.mesh(slice, target))
        }
        meshes.draw(mesh, texture, level: level, blend: blend, opaqueAlpha: over, into: target)
    }

    /// How the mask program draws a circle mask.
    private static func shape(of mask: LayerMask?) -> MaskProgram.Shape {
        switch mask {
        case .innerShadow(_, let sigma, let opacity)?: .innerShadow(sigma: sigma, opacity: opacity)
        case .outsideCircle?: .outside
        default: .inside
        }
    }

    /// The mipmap level a layer drawn smaller than its texture is sampled from:
    /// the smallest at least its size, so it never shimmers nor blurs (0: the
    /// texture itself).
    private func mipmapLevel(_ layer: EffectLayer, _ texture: Texture) -> Int {
        guard layer.mipmapped else { return 0 }
        return LayeredEffects.mipmapLevel(scale: min(abs(layer.frame.width / (layer.source.width * Double(texture.width))),
                                                     abs(layer.frame.height / (layer.source.height * Double(texture.height)))))
    }

    /// Where an unturned screen lands on whole pixels at its own size, all of it
    /// shown: the rectangle to copy it to, if a blit shows it as it looks.
    private func copiedAsIs(_ layer: EffectLayer, _ texture: Texture) -> PixelRect? {
        guard texture.blitsAsItLooks, layer.rotation == nil, layer.source == .unit, let rect = layer.frame.pixelRect,
              rect.width == texture.width, rect.height == texture.height else { return nil }
        return rect
    }

    private static func isOpaque(_ layer: EffectLayer, from: Texture, to: Texture) -> Bool {
        switch layer.content {
        case .color: true
        case .from: from.isOpaque
        case .to: to.isOpaque
        }
    }

    /// The parts of `whole` that `layer` does not replace: none where it is
    /// unmasked, unturned, at full opacity, `opaque` and over all of it; the
    /// strips beside the whole pixels it covers where it is over some; else all.
    private static func uncovered(_ whole: PixelRect, by layer: EffectLayer, opaque: Bool) -> [PixelRect] {
        guard opaque, layer.opacity >= 1, layer.mask == nil, layer.rotation == nil else { return [whole] }
        let f = layer.frame
        guard [f.x, f.y, f.width, f.height].allSatisfy(\.isFinite) else { return [whole] }
        // Clamped before they become whole numbers: a frame may lie far off the target.
        func pixel(_ value: Double, _ low: Int, _ high: Int, _ rule: FloatingPointRoundingRule) -> Int {
            Int(min(max(value, Double(low)), Double(high)).rounded(rule))
        }
        let (x0, x1) = (whole.x, whole.x + whole.width), (y0, y1) = (whole.y, whole.y + whole.height)
        let left = pixel(min(f.x, f.x + f.width), x0, x1, .up), right = pixel(max(f.x, f.x + f.width), x0, x1, .down)
        let top = pixel(min(f.y, f.y + f.height), y0, y1, .up), bottom = pixel(max(f.y, f.y + f.height), y0, y1, .down)
        guard left < right, top < bottom else { return [whole] }
        return [PixelRect(x: whole.x, y: whole.y, width: whole.width, height: top - whole.y),
                PixelRect(x: whole.x, y: bottom, width: whole.width, height: whole.y + whole.height - bottom),
                PixelRect(x: whole.x, y: top, width: left - whole.x, height: bottom - top),
                PixelRect(x: right, y: top, width: whole.x + whole.width - right, height: bottom - top)]
            .filter { $0.width > 0 && $0.height > 0 }
    }
}
