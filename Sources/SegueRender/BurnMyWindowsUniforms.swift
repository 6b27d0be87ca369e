import CGLES
import SegueEngine

/// The standard uniforms a Burn-My-Windows shader reads (see
/// bmw-prelude.glsl), set for each frame from the play and its window.
struct BurnMyWindowsUniforms {
    private let progress, duration, forOpening, fullscreen, size, padding, texture, geometry, room: GLint

    init(_ program: ShaderProgram) {
        (progress, duration, forOpening, fullscreen) = (program.uniform("uProgress"), program.uniform("uDuration"),
                                                         program.uniform("uForOpening"), program.uniform("uIsFullscreen"))
        (size, padding, texture) = (program.uniform("uSize"), program.uniform("uPadding"), program.uniform("uTexture"))
        (geometry, room) = (program.uniform("segueGeometry"), program.uniform("segueRoom"))
    }

    /// Its progress runs 0 to 1 over the play whichever way the window
    /// goes: the shader turns it round itself for an opening. The window is
    /// the side an open comes to (unit 1), a close goes from (unit 0).
    func set(progress value: Double, window: OneWindowFrame, settings: EffectSettings, width: Int, height: Int) {
        let g = window.geometry ?? .unit, r = window.roomRect
        glUniform1f(progress, Float(value))
        glUniform1f(duration, Float(settings.duration))
        glUniform1i(forOpening, window.opening ? 1 : 0)
        glUniform1i(fullscreen, window.fillsOutput ? 1 : 0)
        glUniform2f(size, Float(g.width * Double(width)), Float(g.height * Double(height)))
        // Segue's window pictures hold no shadow around the window.
        glUniform1f(padding, 0)
        glUniform1i(texture, window.opening ? 1 : 0)
        glUniform4f(geometry, Float(g.x), Float(g.y), Float(g.width), Float(g.height))
        glUniform4f(room, Float(r.x), Float(r.y), Float(r.width), Float(r.height))
    }
}
