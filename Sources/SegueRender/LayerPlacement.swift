import CGLES
import Foundation
import SegueEngine

/// Where a layer's texture lands: its frame, the part of the texture shown and
/// its turn, as the uniforms the quad and mask programs share.
struct LayerPlacement {
    var frame: LayerRect
    var source = LayerRect.unit
    var rotation: LayerRotation?

    struct Uniforms {
        let rect, source, turn: GLint

        init(_ program: ShaderProgram) {
            rect = program.uniform("segueRect")
            source = program.uniform("segueSource")
            turn = program.uniform("segueTurn")
        }
    }

    /// Sets the uniforms of the program in use.
    func set(_ uniforms: Uniforms) {
        glUniform4f(uniforms.rect, Float(frame.x), Float(frame.y), Float(frame.width), Float(frame.height))
        glUniform4f(uniforms.source, Float(source.x), Float(source.y), Float(source.width), Float(source.height))
        let angle = rotation?.angle ?? 0
        glUniform4f(uniforms.turn, Float(cos(angle)), Float(sin(angle)), Float(rotation?.pivotX ?? 0), Float(rotation?.pivotY ?? 0))
    }
}

extension LayerPlacement {
    /// Where the frame's corners land after the turn, clockwise from its top-left.
    var corners: [SIMD2<Double>] {
        let f = frame
        let points = [SIMD2(f.x, f.y), SIMD2(f.x + f.width, f.y), SIMD2(f.x + f.width, f.y + f.height), SIMD2(f.x, f.y + f.height)]
        guard let rotation else { return points }
        let pivot = SIMD2(rotation.pivotX, rotation.pivotY)
        let (c, s) = (cos(rotation.angle), sin(rotation.angle))
        return points.map { p in
            let q = p - pivot
            return SIMD2(c * q.x - s * q.y, s * q.x + c * q.y) + pivot
        }
    }

    /// The texture point each output position shows: the turn undone, then the
    /// frame stretched over the source. Nil for a frame with no area.
    var mapping: TextureMapping? {
        let f = frame, s = source
        guard f.width != 0, f.height != 0, [f.x, f.y, f.width, f.height].allSatisfy(\.isFinite) else { return nil }
        let angle = rotation?.angle ?? 0
        let (c, n) = (cos(angle), sin(angle))
        let (px, py) = (rotation?.pivotX ?? 0, rotation?.pivotY ?? 0)
        // Unturned: x' = c·(x − px) + n·(y − py) + px, y' = −n·(x − px) + c·(y − py) + py.
        let (ku, kv) = (s.width / f.width, s.height / f.height)
        return TextureMapping(u0: s.x + ku * (px - c * px - n * py - f.x), ux: ku * c, uy: ku * n,
                              v0: s.y + kv * (py + n * px - c * py - f.y), vx: -kv * n, vy: kv * c)
    }
}
