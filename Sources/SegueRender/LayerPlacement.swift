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
