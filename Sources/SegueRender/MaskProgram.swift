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
    private let exact: ShaderProgram
    private let placement: LayerPlacement.Uniforms
    private let targetSize, tint, opaque, circle, mask, shadow: GLint
    private let boxes = VertexArray(components: [2])

    init() throws {
        exact = try .library("Segue's mask program", vertex: "mask-vertex.glsl", fragment: "mask-fragment.glsl")
        placement = LayerPlacement.Uniforms(exact)
        targetSize = exact.uniform("segueTargetSize")
        tint = exact.uniform("segueTint")
        opaque = exact.uniform("segueOpaque")
        circle = exact.uniform("segueCircle")
        mask = exact.uniform("segueMask")
        shadow = exact.uniform("segueShadow")
        glUseProgram(exact.id)
        glUniform1i(exact.uniform("segueTexture"), 0)
    }

    /// Draws `texture` placed by `placement` where `shape` of circle `c` shows it.
    /// The plain rectangles go through `meshes`.
    func draw(_ texture: Texture, at placement: LayerPlacement, circle c: LayerCircle, shape: Shape,
              blend: LayerBlend, level: Int, meshes: MeshProgram, into target: RenderTarget) {
        guard [c.centerX, c.centerY, c.radius].allSatisfy(\.isFinite), let mapping = placement.mapping else { return }
        let (plain, exactBoxes) = regions(c, shape, target: target, frame: placement.rotation == nil ? placement.frame : nil)
        var mesh = LayerMesh()
        for box in plain { mesh.addRect(box.x0, box.y0, box.x1, box.y1, mapping) }
        meshes.draw(mesh, texture, level: level, blend: blend, into: target)
        guard !exactBoxes.isEmpty else { return }
        target.bind()
        texture.bind(unit: 0, level: level)
        glUseProgram(exact.id)
        placement.set(self.placement)
        glUniform2f(targetSize, Float(target.width), Float(target.height))
        let colour: SIMD4<Float> = switch blend {
        case .none: SIMD4(repeating: 1)
        case .fade(let opacity): SIMD4(repeating: opacity)
        case .over(let tint): tint
        }
        glUniform4f(tint, colour.x, colour.y, colour.z, colour.w)
        glUniform1f(opaque, texture.isOpaque ? 1 : 0)
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
        (blend == .none && !shadowing ? LayerBlend.none : .over(tint: colour)).enable()
        boxes.load(exactBoxes.flatMap { b -> [Float] in
            let (x0, y0, x1, y1) = (Float(b.x0), Float(b.y0), Float(b.x1), Float(b.y1))
            return [x0, y0, x1, y0, x1, y1, x0, y0, x1, y1, x0, y1]
        }, often: true)
        boxes.draw(GLenum(GL_TRIANGLES), count: exactBoxes.count * 6)
        glDisable(GLenum(GL_BLEND))
        target.texture.contentChanged()
    }

    private typealias Box = (x0: Double, y0: Double, x1: Double, y1: Double)

    /// Per strip of rows: the boxes wholly on the shown side (clipped to the
    /// layer's unturned `frame`; none for a turned layer) and the boxes the
    /// exact shader decides, together covering everything the mask can show.
    private func regions(_ c: LayerCircle, _ shape: Shape, target: RenderTarget, frame: LayerRect?) -> (plain: [Box], exact: [Box]) {
        let w = Double(target.width), h = Double(target.height)
        let r = c.radius
        // The radii between which pixels need the exact shader, and whether
        // the inside of the smaller one or the outside of the larger shows plainly.
        let (inner, outer, plainInside): (Double, Double, Bool?) = switch shape {
        case .inside: (r - Self.bandWidth, r + Self.bandWidth, true)
        case .outside: (r - Self.bandWidth, r + Self.bandWidth, false)
        // Deeper than 3.5 sigma the shadow is below 1/1000 of a level.
        case .innerShadow(let sigma, _): (r - 3.5 * max(sigma, 1e-3) - 2, r + 1, nil)
        }
        let clip = frame.map { f in
            (x0: max(min(f.x, f.x + f.width), 0), y0: max(min(f.y, f.y + f.height), 0),
             x1: min(max(f.x, f.x + f.width), w), y1: min(max(f.y, f.y + f.height), h))
        }
        var plain: [Box] = [], exact: [Box] = []
        func add(_ box: Box, exactly: Bool) {
            let x0 = max(box.x0, 0), x1 = min(box.x1, w)
            guard x1 > x0 else { return }
            if exactly { exact.append((x0, box.y0, x1, box.y1)); return }
            guard let clip else { exact.append((x0, box.y0, x1, box.y1)); return }
            let clipped = (x0: max(x0, clip.x0), y0: max(box.y0, clip.y0), x1: min(x1, clip.x1), y1: min(box.y1, clip.y1))
            if clipped.x1 > clipped.x0, clipped.y1 > clipped.y0 { plain.append(clipped) }
        }
        let strip = LayerMesh.stripHeight
        for top in stride(from: 0.0, to: h, by: strip) {
            let bottom = min(top + strip, h)
            // The rows' distances from the centre, nearest and farthest.
            let near = c.centerY < top ? top - c.centerY : c.centerY > bottom ? c.centerY - bottom : 0
            let far = max(abs(top - c.centerY), abs(bottom - c.centerY))
            func halfWidth(_ radius: Double, _ dy: Double) -> Double? { radius > dy ? (radius * radius - dy * dy).squareRoot() : nil }
            // Every pixel of the strip in [safe] is inside `inner`; none outside [reach] is inside `outer`.
            let safe = halfWidth(inner, far).map { ((c.centerX - $0).rounded(.up), (c.centerX + $0).rounded(.down)) }
            let reach = halfWidth(outer, near).map { ((c.centerX - $0).rounded(.down), (c.centerX + $0).rounded(.up)) }
            guard let reach else {
                if plainInside == false { add((0, top, w, bottom), exactly: false) }
                continue
            }
            if plainInside == false {
                add((0, top, reach.0, bottom), exactly: false)
                add((reach.1, top, w, bottom), exactly: false)
            }
            if let safe, safe.1 > safe.0 {
                add((reach.0, top, safe.0, bottom), exactly: true)
                if plainInside == true { add((safe.0, top, safe.1, bottom), exactly: false) }
                add((safe.1, top, reach.1, bottom), exactly: true)
            } else {
                add((reach.0, top, reach.1, bottom), exactly: true)
            }
        }
        return (plain, exact)
    }
}
