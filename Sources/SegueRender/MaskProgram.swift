import CGLES
import Foundation
import SegueEngine

/// Draws a layer under a circle mask over meshes that cover only what the
/// mask may show: a fan for the inside, a band for a shadow along the edge, a
/// ring out to the farthest corner for the outside. A thin band along the
/// circle goes through a fragment shader that decides each pixel exactly, so
/// the meshes' straight sides cost nothing in looks; the rest, where the layer
/// covers the whole output, is a plain texture read.
final class MaskProgram {
    enum Shape: Equatable {
        case inside, outside
        case innerShadow(sigma: Double, opacity: Double)
    }

    private typealias Mesh = (mode: GLenum, vertices: [Float])

    /// Sides of the polygons that stand in for a circle; at 2000 px the sides
    /// sag 0.6 px from it, which the exact band covers.
    private static let sides = 128
    /// The exact band reaches this far inside and outside the circle, in pixels.
    private static let bandWidth = 2.0
    private let exact: TexturedProgram
    private let circle, mask, shadow: GLint
    private let interior: TexturedProgram
    private let vertices = VertexArray()

    init() throws {
        exact = try TexturedProgram("Segue's mask program", vertex: "mask-vertex.glsl", fragment: "mask-fragment.glsl")
        circle = exact.program.uniform("segueCircle")
        mask = exact.program.uniform("segueMask")
        shadow = exact.program.uniform("segueShadow")
        interior = try TexturedProgram("Segue's mesh program", vertex: "mesh-vertex.glsl", fragment: "quad-fragment.glsl")
    }

    func draw(_ texture: Texture, at placement: LayerPlacement, circle c: LayerCircle, shape: Shape,
              tint colour: (Float, Float, Float, Float), blend: Bool, mipmapLevels: Int, into target: RenderTarget) {
        // The plain read needs the layer everywhere its mesh goes: an unturned frame over the whole output.
        let f = placement.frame
        let covers = placement.rotation == nil && f.x <= 0 && f.y <= 0
            && f.x + f.width >= Double(target.width) && f.y + f.height >= Double(target.height)
        let (band, rest) = meshes(c, shape, target, split: covers)
        guard band != nil || rest != nil else { return }
        target.bind()
        if blend {
            glEnable(GLenum(GL_BLEND))
            glBlendFuncSeparate(GLenum(GL_ONE), GLenum(GL_ONE_MINUS_SRC_ALPHA), GLenum(GL_ZERO), GLenum(GL_ONE))
        }
        texture.bind(unit: 0, mipmapLevels: mipmapLevels)
        if let rest {
            interior.use(texture, at: placement, tint: colour, on: target)
            draw(rest)
        }
        if let band {
            exact.use(texture, at: placement, tint: colour, on: target)
            glUniform3f(circle, Float(c.centerX), Float(c.centerY), Float(c.radius))
            switch shape {
            case .inside: glUniform1i(mask, 0)
            case .outside: glUniform1i(mask, 1)
            case .innerShadow(let sigma, let opacity):
                glUniform1i(mask, 2)
                glUniform2f(shadow, Float(max(sigma, 1e-3)), Float(opacity))
            }
            draw(band)
        }
        if blend { glDisable(GLenum(GL_BLEND)) }
        target.texture.contentChanged()
    }

    private func draw(_ mesh: Mesh) {
        vertices.load(mesh.vertices, often: true)
        vertices.draw(mesh.mode, count: mesh.vertices.count / 2)
    }

    /// The meshes for the exact band (the whole masked part unless `split`)
    /// and for the plain rest; nil for none.
    private func meshes(_ c: LayerCircle, _ shape: Shape, _ target: RenderTarget, split: Bool) -> (exact: Mesh?, rest: Mesh?) {
        let r = c.radius
        let w = Double(target.width), h = Double(target.height)
        let farthest = hypot(max(c.centerX, w - c.centerX), max(c.centerY, h - c.centerY))
        // A polygon through these radii lies wholly outside the circle of radius `x`.
        let outward = 1 / cos(Double.pi / Double(Self.sides))
        let strip = GLenum(GL_TRIANGLE_STRIP)
        switch shape {
        case .inside:
            guard r > 0 else { return (nil, nil) }
            let inner = r - Self.bandWidth
            guard split, inner > Self.bandWidth else {
                return ((GLenum(GL_TRIANGLE_FAN), [Float(c.centerX), Float(c.centerY)] + ring(c, (r + 1) * outward)), nil)
            }
            return ((strip, band(c, inner: inner, outer: (r + 1) * outward)),
                    (GLenum(GL_TRIANGLE_FAN), [Float(c.centerX), Float(c.centerY)] + ring(c, inner)))
        case .outside:
            guard r < farthest + 1 else { return (nil, nil) }
            let beyond = (farthest + 2) * outward
            guard split, (r + Self.bandWidth) * outward < beyond else {
                return ((strip, band(c, inner: max(r, 0), outer: beyond)), nil)
            }
            let edge = (r + Self.bandWidth) * outward
            return ((strip, band(c, inner: max(r, 0), outer: edge)), (strip, band(c, inner: edge, outer: beyond)))
        case .innerShadow(let sigma, _):
            guard r > 0 else { return (nil, nil) }
            // Deeper than 3.5 sigma the shadow is below 1/1000 of a level.
            return ((strip, band(c, inner: max(r - 3.5 * sigma - 2, 0), outer: (r + 1) * outward)), nil)
        }
    }

    private func ring(_ c: LayerCircle, _ radius: Double) -> [Float] {
        var vertices: [Float] = []
        for i in 0...Self.sides {
            let a = 2 * Double.pi * Double(i) / Double(Self.sides)
            vertices += [Float(c.centerX + radius * cos(a)), Float(c.centerY + radius * sin(a))]
        }
        return vertices
    }

    /// A strip between two polygons; the inner one's sides fall inside its radius.
    private func band(_ c: LayerCircle, inner: Double, outer: Double) -> [Float] {
        let a = ring(c, outer), b = ring(c, inner)
        var vertices: [Float] = []
        for i in 0...Self.sides {
            vertices += [a[2 * i], a[2 * i + 1], b[2 * i], b[2 * i + 1]]
        }
        return vertices
    }
}
