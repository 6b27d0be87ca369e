import CGLES
import Foundation
import SegueEngine

/// Draws an effect's layers, bottom first, each by the cheapest exact path: a
/// blit for an opaque screen placed on whole pixels at its own size, a fill for
/// an opaque colour, one textured quad for a moved, scaled or turned screen, a
/// mesh for a circle mask, and blits of runs of columns for per-column offsets.
struct LayerPainter {
    typealias Region = (source: PixelRect, x: Int, y: Int)
    let quads: QuadProgram
    let masks: MaskProgram
    let white: Texture
    let copy: (Texture, [Region], RenderTarget) -> Void

    /// The layers cover the output; where the bottom one lets light through, it
    /// is black, as a fragment shader's premultiplied output would show.
    func paint(_ layers: [Layer], from: Texture, to: Texture, into target: RenderTarget) {
        if let bottom = layers.first, !coversOpaquely(bottom, from: from, to: to) {
            fill(PixelRect(x: 0, y: 0, width: target.width, height: target.height), (0, 0, 0), target)
        }
        for layer in layers where layer.opacity > 0 {
            let opacity = Float(min(layer.opacity, 1))
            let placement = LayerPlacement(frame: layer.frame, source: layer.source, rotation: layer.rotation)
            let (texture, tint): (Texture, (Float, Float, Float, Float)) = switch layer.content {
            case .color(let red, let green, let blue): (white, (Float(red) * opacity, Float(green) * opacity, Float(blue) * opacity, opacity))
            case .from: (from, (opacity, opacity, opacity, opacity))
            case .to: (to, (opacity, opacity, opacity, opacity))
            }
            let blend = opacity < 1 || !texture.isOpaque
            switch layer.mask {
            case nil:
                if !blend, case .color(let red, let green, let blue) = layer.content, layer.rotation == nil,
                   let rect = layer.frame.pixelRect {
                    fill(rect, (Float(red), Float(green), Float(blue)), target)
                } else if !blend, texture !== white, let rect = copiedAsIs(layer, texture) {
                    copy(texture, [(PixelRect(x: 0, y: 0, width: rect.width, height: rect.height), rect.x, rect.y)], target)
                } else {
                    quads.draw(texture, at: placement, tint: tint, blend: blend, mipmapLevels: mipmapLevels(layer, texture), into: target)
                }
            case .circle(let circle)?, .outsideCircle(let circle)?, .innerShadow(let circle, _, _)?:
                let (shape, blends) = Self.shape(of: layer.mask)
                masks.draw(texture, at: placement, circle: circle, shape: shape, tint: tint, blend: blend || blends,
                           mipmapLevels: mipmapLevels(layer, texture), into: target)
            case .columns(let offsets)?:
                paintColumns(layer, offsets: offsets, texture: texture, tint: tint, blend: blend, into: target)
            }
        }
    }

    /// Runs of neighbouring columns that move alike become one copy each (one
    /// quad each where the layer is not a plain copy); a column moved past the
    /// bottom is not drawn.
    private func paintColumns(_ layer: Layer, offsets: [Int], texture: Texture, tint: (Float, Float, Float, Float),
                              blend: Bool, into target: RenderTarget) {
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
        if !blend, texture !== white, let rect = copiedAsIs(layer, texture) {
            copy(texture, runs.map { run in
                (PixelRect(x: run.start, y: 0, width: run.end - run.start, height: rect.height - max(run.offset, 0)),
                 rect.x + run.start, rect.y + max(run.offset, 0))
            }, target)
            return
        }
        for run in runs {
            let x0 = Double(run.start), w = Double(run.end - run.start), dy = Double(max(run.offset, 0))
            guard frame.width > 0, frame.height > dy else { continue }
            var slice = LayerPlacement(frame: LayerRect(x: frame.x + x0, y: frame.y + dy, width: w, height: frame.height - dy),
                                       source: layer.source, rotation: layer.rotation)
            slice.source.x += x0 / frame.width * layer.source.width
            slice.source.width *= w / frame.width
            slice.source.height *= (frame.height - dy) / frame.height
            quads.draw(texture, at: slice, tint: tint, blend: blend, mipmapLevels: mipmapLevels(layer, texture), into: target)
        }
    }

    /// How the mask program draws a circle mask, and whether it always blends (a shadow darkens what is below).
    private static func shape(of mask: LayerMask?) -> (MaskProgram.Shape, blends: Bool) {
        switch mask {
        case .innerShadow(_, let sigma, let opacity)?: (.innerShadow(sigma: sigma, opacity: opacity), true)
        case .outsideCircle?: (.outside, false)
        default: (.inside, false)
        }
    }

    /// The mipmap levels a layer drawn smaller than its texture samples: down
    /// to the level of its scale, and the one below for trilinear blending.
    private func mipmapLevels(_ layer: Layer, _ texture: Texture) -> Int {
        guard layer.mipmapped else { return 0 }
        let scale = min(layer.frame.width / (layer.source.width * Double(texture.width)),
                        layer.frame.height / (layer.source.height * Double(texture.height)))
        guard scale.isFinite, scale > 0, scale < 1 else { return 0 }
        return Int(min(log2(1 / scale), 30).rounded(.down)) + 1
    }

    /// Where an unturned screen lands on whole pixels at its own size, all of it shown: the rectangle to copy it to.
    private func copiedAsIs(_ layer: Layer, _ texture: Texture) -> PixelRect? {
        guard layer.rotation == nil, layer.source == .unit, let rect = layer.frame.pixelRect,
              rect.width == texture.width, rect.height == texture.height else { return nil }
        return rect
    }

    private func coversOpaquely(_ layer: Layer, from: Texture, to: Texture) -> Bool {
        guard layer.opacity >= 1, layer.mask == nil, layer.rotation == nil else { return false }
        return switch layer.content {
        case .color: true
        case .from: from.isOpaque
        case .to: to.isOpaque
        }
    }

    /// An opaque colour over whole pixels: a scissored clear.
    private func fill(_ rect: PixelRect, _ colour: (Float, Float, Float), _ target: RenderTarget) {
        guard let clipped = rect.clipped(to: PixelRect(x: 0, y: 0, width: target.width, height: target.height)) else { return }
        target.bind()
        glEnable(GLenum(GL_SCISSOR_TEST))
        glScissor(GLint(clipped.x), GLint(clipped.y), GLsizei(clipped.width), GLsizei(clipped.height))
        glClearColor(colour.0, colour.1, colour.2, 1)
        glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
        glDisable(GLenum(GL_SCISSOR_TEST))
        target.texture.contentChanged()
    }
}
