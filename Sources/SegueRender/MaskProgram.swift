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

    /// Sides of the polygons that stand in for a circle; at 2000 px the sides
    /// sag 0.6 px from it, which the exact band covers.
    private static let sides = 128
    /// The exact band reaches this far inside and outside the circle, in pixels.
    private static let band = 2.0
    private let program: ShaderProgram
    private let placement: LayerPlacement.Uniforms
    private let targetSize, tint, opaque, circle, mask, shadow: GLint
    private let interior: ShaderProgram
    private let interiorPlacement: LayerPlacement.Uniforms
    private let interiorTargetSize, interiorTint, interiorOpaque: GLint
    private var vertexArray: GLuint = 0
    private var vertexBuffer: GLuint = 0

    init() throws {
        program = try .library("Segue's mask program", vertex: "mask-vertex.glsl", fragment: "mask-fragment.glsl")
        placement = LayerPlacement.Uniforms(program)
        targetSize = program.uniform("segueTargetSize")
        tint = program.uniform("segueTint")
        opaque = program.uniform("segueOpaque")
        circle = program.uniform("segueCircle")
        mask = program.uniform("segueMask")
        shadow = program.uniform("segueShadow")
        interior = try .library("Segue's mesh program", vertex: "mesh-vertex.glsl", fragment: "quad-fragment.glsl")
        interiorPlacement = LayerPlacement.Uniforms(interior)
        interiorTargetSize = interior.uniform("segueTargetSize")
        interiorTint = interior.uniform("segueTint")
        interiorOpaque = interior.uniform("segueOpaque")
        for program in [program, interior] {
            glUseProgram(program.id)
            glUniform1i(program.uniform("segueTexture"), 0)
        }
        glGenVertexArrays(1, &vertexArray)
        glBindVertexArray(vertexArray)
        glGenBuffers(1, &vertexBuffer)
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), vertexBuffer)
        glEnableVertexAttribArray(0)
        glVertexAttribPointer(0, 2, GLenum(GL_FLOAT), GLboolean(GL_FALSE), 0, nil)
    }

    deinit {
        glDeleteBuffers(1, &vertexBuffer)
        glDeleteVertexArrays(1, &vertexArray)
    }

    func draw(_ texture: Texture, at placement: LayerPlacement, circle c: LayerCircle, shape: Shape,
              tint colour: (Float, Float, Float, Float), blend: Bool, mipmapLevels: Int, into target: RenderTarget) {
        // The plain read needs the layer everywhere its mesh goes: an unturned frame over the whole output.
        let f = placement.frame
        let covers = placement.rotation == nil && f.x <= 0 && f.y <= 0
            && f.x + f.width >= Double(target.width) && f.y + f.height >= Double(target.height)
        let (exact, rest) = meshes(c, shape, target, split: covers)
        guard exact != nil || rest != nil else { return }
        target.bind()
        glBindVertexArray(vertexArray)
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), vertexBuffer)
        if blend {
            glEnable(GLenum(GL_BLEND))
            glBlendFuncSeparate(GLenum(GL_ONE), GLenum(GL_ONE_MINUS_SRC_ALPHA), GLenum(GL_ZERO), GLenum(GL_ONE))
        }
        texture.bind(unit: 0, mipmapLevels: mipmapLevels)
        if let (mode, vertices) = rest {
            glUseProgram(interior.id)
            glUniform1i(interiorOpaque, texture.isOpaque ? 1 : 0)
            glUniform4f(interiorTint, colour.0, colour.1, colour.2, colour.3)
            glUniform2f(interiorTargetSize, Float(target.width), Float(target.height))
            placement.set(interiorPlacement)
            drawArrays(mode, vertices)
        }
        if let (mode, vertices) = exact {
            glUseProgram(program.id)
            glUniform1i(opaque, texture.isOpaque ? 1 : 0)
            glUniform4f(tint, colour.0, colour.1, colour.2, colour.3)
            glUniform2f(targetSize, Float(target.width), Float(target.height))
            glUniform3f(circle, Float(c.centerX), Float(c.centerY), Float(c.radius))
            switch shape {
            case .inside: glUniform1i(mask, 0)
            case .outside: glUniform1i(mask, 1)
            case .innerShadow(let sigma, let opacity):
                glUniform1i(mask, 2)
                glUniform2f(shadow, Float(max(sigma, 1e-3)), Float(opacity))
            }
            placement.set(self.placement)
            drawArrays(mode, vertices)
        }
        if blend { glDisable(GLenum(GL_BLEND)) }
        target.texture.contentChanged()
    }

    private func drawArrays(_ mode: GLenum, _ vertices: [Float]) {
        vertices.withUnsafeBytes { glBufferData(GLenum(GL_ARRAY_BUFFER), $0.count, $0.baseAddress, GLenum(GL_STREAM_DRAW)) }
        glDrawArrays(mode, 0, GLsizei(vertices.count / 2))
    }

    private typealias Mesh = (mode: GLenum, vertices: [Float])

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
            let inner = r - Self.band
            guard split, inner > Self.band else {
                return ((GLenum(GL_TRIANGLE_FAN), [Float(c.centerX), Float(c.centerY)] + ring(c, (r + 1) * outward)), nil)
            }
            return ((strip, band(c, inner: inner, outer: (r + 1) * outward)),
                    (GLenum(GL_TRIANGLE_FAN), [Float(c.centerX), Float(c.centerY)] + ring(c, inner)))
        case .outside:
            guard r < farthest + 1 else { return (nil, nil) }
            let beyond = (farthest + 2) * outward
            guard split, (r + Self.band) * outward < beyond else {
                return ((strip, band(c, inner: max(r, 0), outer: beyond)), nil)
            }
            let edge = (r + Self.band) * outward
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
