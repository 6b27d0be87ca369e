import CGLES
import Foundation
import SegueEngine

/// Draws a layer under a circle mask, a strip of rows at a time: where every
/// pixel of the strip is on the shown side of the circle, a plain rectangle
/// (llvmpipe's linear path); along the circle's edge, boxes through a fragment
/// shader that decides each pixel exactly, as circle-reveal.glsl does.
final class MaskProgram {
    enum Shape: Equatable {
        case inside, outside
        case innerShadow(sigma: Double, opacity: Double)
    }

    /// The exact boxes reach this far beyond the circle either way, in pixels.
    private static let bandWidth = 2.0
    /// Rows per strip when the circle is cut into boxes: taller strips make
    /// fewer plain rectangles, shorter ones narrower exact boxes along the edge.
    private static let stripHeight = 16.0
    private let exact: ShaderProgram
    private let placement: LayerPlacement.Uniforms
    private let targetSize, tint, opaque, flat, circle, mask, shadow: GLint
    private let boxes = VertexArray(components: [2])

    init() throws {
        exact = try .library("Segue's mask program", vertex: "mask-vertex.glsl", fragment: "mask-fragment.glsl")
        placement = LayerPlacement.Uniforms(exact)
        targetSize = exact.uniform("segueTargetSize")
        tint = exact.uniform("segueTint")
        opaque = exact.uniform("segueOpaque")
        flat = exact.uniform("segueFlat")
        circle = exact.uniform("segueCircle")
        mask = exact.uniform("segueMask")
        shadow = exact.uniform("segueShadow")
        glUseProgram(exact.id)
        glUniform1i(exact.uniform("segueTexture"), 0)
    }

    /// Draws `texture` placed by `placement` where `shape` of circle `c` shows
    /// it; a `flat` layer is its tint where the texture covers (a white texel:
    /// everywhere; `from`: a shadow only where it falls on a window). The
    /// plain rectangles go through `meshes`, an opaque texture's alpha read as
    /// 1 where `opaqueAlpha`.
    func draw(_ texture: Texture, flat isFlat: Bool, at placement: LayerPlacement, circle c: LayerCircle, shape: Shape,
              blend: LayerBlend, level: Int, opaqueAlpha: Bool = false, meshes: MeshProgram, into target: RenderTarget) {
        guard [c.centerX, c.centerY, c.radius].allSatisfy(\.isFinite), let mapping = placement.mapping else { return }
        let (plain, exactBoxes) = regions(c, shape, target: target, frame: placement.rotation == nil ? placement.frame : nil)
        var mesh = LayerMesh()
        for box in plain { mesh.addRect(box.x0, box.y0, box.x1, box.y1, mapping) }
        meshes.draw(mesh, texture, level: level, blend: blend, opaqueAlpha: opaqueAlpha, into: target)
        guard !exactBoxes.isEmpty else { return }
        target.bind()
        texture.bind(unit: 0, level: level)
        glUseProgram(exact.id)
        placement.set(self.placement)
        glUniform2f(targetSize, Float(target.width), Float(target.height))
        let colour: SIMD4<Float> = if case .over(let tint) = blend { tint } else { SIMD4(repeating: 1) }
        glUniform4f(tint, colour.x, colour.y, colour.z, colour.w)
        glUniform1f(opaque, texture.isOpaque ? 1 : 0)
        glUniform1i(flat, isFlat ? 1 : 0)
        glUniform3f(circle, Float(c.centerX), Float(c.centerY), Float(c.radius))
        switch shape {
        case .inside: glUniform1i(mask, 0)
        case .outside: glUniform1i(mask, 1)
        case .innerShadow(let sigma, let opacity):
            glUniform1i(mask, 2)
            glUniform2f(shadow, Float(max(sigma, 1e-3)), Float(opacity))
        }
        // A shadow's coverage always blends over what is there.
        let shadowing = if case .innerShadow = shape { true } else { false }
        (shadowing ? .over(tint: colour) : blend).enable()
        boxes.load(exactBoxes.flatMap { b -> [Float] in
            let (x0, y0, x1, y1) = (Float(b.x0), Float(b.y0), Float(b.x1), Float(b.y1))
            return [x0, y0, x1, y0, x1, y1, x0, y0, x1, y1, x0, y1]
        }, often: true)
        boxes.draw(GLenum(GL_TRIANGLES), count: exactBoxes.count * 6)
        glDisable(GLenum(GL_BLEND))
        target.texture?.contentChanged()
    }

    /// Per strip of rows: the boxes wholly on the shown side (clipped to the
    /// layer's unturned `frame`; none for a turned layer) and the boxes the
    /// exact shader decides, together covering everything the mask can show.
    private func regions(_ c: LayerCircle, _ shape: Shape, target: RenderTarget, frame: LayerRect?) -> (plain: [PixelBox], exact: [PixelBox]) {
        let w = Double(target.width), h = Double(target.height)
        let r = c.radius
        // The radii between which pixels need the exact shader, and whether
        // the inside of the smaller one or the outside of the larger shows plainly.
        let (inner, outer, plainInside): (Double, Double, Bool?) = switch shape {
        case .inside: (r - Self.bandWidth, r + Self.bandWidth, true)
        case .outside: (r - Self.bandWidth, r + Self.bandWidth, false)
        // Deeper than 3 sigma the shadow covers less than a third of a level.
        case .innerShadow(let sigma, _): (r - 3 * max(sigma, 1e-3) - 1, r + 1, nil)
        }
        // A turned layer is drawn exactly everywhere; an unturned one plainly only within its frame.
        let (left, right) = frame.map { f in (max(min(f.x, f.x + f.width), 0), min(max(f.x, f.x + f.width), w)) } ?? (0, 0)
        let (upper, lower) = frame.map { f in (max(min(f.y, f.y + f.height), 0), min(max(f.y, f.y + f.height), h)) } ?? (0, 0)
        var plain = StripRects(), exact = StripRects()
        let strip = Self.stripHeight
        for top in stride(from: 0.0, to: h, by: strip) {
            let bottom = min(top + strip, h)
            // The rows' distances from the centre, nearest and farthest.
            let near = c.centerY < top ? top - c.centerY : c.centerY > bottom ? c.centerY - bottom : 0
            let far = max(abs(top - c.centerY), abs(bottom - c.centerY))
            func halfWidth(_ radius: Double, _ dy: Double) -> Double? { radius > dy ? (radius * radius - dy * dy).squareRoot() : nil }
            // Every pixel of the strip in [safe] is inside `inner`; none outside [reach] is inside `outer`.
            let safe = halfWidth(inner, far).map { (max((c.centerX - $0).rounded(.up), 0), min((c.centerX + $0).rounded(.down), w)) }
            let reach = halfWidth(outer, near).map { (max((c.centerX - $0).rounded(.down), 0), min((c.centerX + $0).rounded(.up), w)) }
            var shown: [(Double, Double)] = [], decided: [(Double, Double)] = []
            switch (reach, safe) {
            case (nil, _):
                if plainInside == false { shown = [(0, w)] }
            case (let reach?, let safe?) where safe.1 > safe.0:
                decided = [(reach.0, safe.0), (safe.1, reach.1)]
                shown = plainInside == true ? [safe] : plainInside == false ? [(0, reach.0), (reach.1, w)] : []
            case (let reach?, _):
                decided = [reach]
                if plainInside == false { shown = [(0, reach.0), (reach.1, w)] }
            }
            guard frame != nil else {
                exact.add(top: top, bottom: bottom, spans: (decided + shown).sorted { $0.0 < $1.0 })
                continue
            }
            exact.add(top: top, bottom: bottom, spans: decided)
            guard top < lower, bottom > upper else { continue }
            plain.add(top: max(top, upper), bottom: min(bottom, lower),
                      spans: shown.map { (max($0.0, left), min($0.1, right)) })
        }
        return (plain.rects, exact.rects)
    }
}
