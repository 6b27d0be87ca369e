import SegueEngine
import SegueRender

/// Compiles user effects for `check-config` with a renderer made on first
/// use, and draws those that compile in a child process with a time limit.
/// Where no renderer can be made (no EGL), it checks nothing and keeps the reason.
final class ShaderCompiler {
    private lazy var renderer = Result { try Renderer() }
    private(set) var unavailable: String?

    /// The compiler's problems as `file:line:col: message` lines, or none.
    func check(_ effect: EffectDescriptor) -> [String] {
        switch renderer {
        case .failure(let error):
            unavailable = "\(error)"
            return []
        case .success(let renderer):
            let problems = renderer.problems(compiling: effect)
            return problems.isEmpty ? ShaderProbe.problems(effect) : problems
        }
    }
}
