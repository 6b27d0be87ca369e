import CGLES
import SegueEngine

/// The uniforms a niri resize shader reads (see niri-resize-prelude.glsl),
/// set for each frame from the resize. Segue's pictures are each exactly
/// their geometry, so geometry and picture coordinates are the same.
struct NiriResizeUniforms {
    private let progress, clamped, toPrevious, toNext, previousTexture, nextTexture, size, geometry: GLint

    init(_ program: ShaderProgram) {
        (progress, clamped) = (program.uniform("niri_progress"), program.uniform("niri_clamped_progress"))
        (toPrevious, toNext) = (program.uniform("niri_curr_geo_to_prev_geo"), program.uniform("niri_curr_geo_to_next_geo"))
        (previousTexture, nextTexture) = (program.uniform("niri_geo_to_tex_prev"), program.uniform("niri_geo_to_tex_next"))
        (size, geometry) = (program.uniform("niri_curr_geo_size"), program.uniform("segueGeometry"))
        glUniform1i(program.uniform("niri_tex_prev"), 0)
        glUniform1i(program.uniform("niri_tex_next"), 1)
    }

    /// The picture before is on unit 0, the one after on unit 1.
    func set(progress value: Double, frame: ResizeFrame, width: Int, height: Int) {
        let (w, h) = (frame.current.width * Double(width), frame.current.height * Double(height))
        glUniform1f(progress, Float(value))
        glUniform1f(clamped, Float(min(max(value, 0), 1)))
        glUniform2f(size, Float(w), Float(h))
        let c = frame.current
        glUniform4f(geometry, Float(c.x), Float(c.y), Float(c.width), Float(c.height))
        // From the current geometry's 0...1 to another's, its top-left held: a scale.
        Self.matrix(toPrevious, x: w / Double(max(frame.previous.width, 1)), y: h / Double(max(frame.previous.height, 1)))
        Self.matrix(toNext, x: w / Double(max(frame.next.width, 1)), y: h / Double(max(frame.next.height, 1)))
        Self.matrix(previousTexture, x: 1, y: 1)
        Self.matrix(nextTexture, x: 1, y: 1)
    }

    /// A scale by (x, y), as a mat3's columns.
    private static func matrix(_ location: GLint, x: Double, y: Double) {
        let columns: [Float] = [Float(x), 0, 0, 0, Float(y), 0, 0, 0, 1]
        columns.withUnsafeBufferPointer { glUniformMatrix3fv(location, 1, GLboolean(GL_FALSE), $0.baseAddress) }
    }
}
