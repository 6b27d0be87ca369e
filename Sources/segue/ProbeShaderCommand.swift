import ArgumentParser
import Foundation
import SegueEngine
import SegueRender

/// Draws a user shader a few times on small screens, prints the fastest
/// frame's milliseconds (the first also compiles) and exits: run in a child process by `ShaderProbe`, so
/// that a shader the GPU never finishes hangs the child, which is killed, not
/// the compositor.
struct ProbeShaderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "probe-shader", shouldDisplay: false)

    @Argument var file: String

    func run() throws {
        let effect = try EffectDescriptor(name: "probe", source: ShaderSource.load(path: file), origin: .userShader)
        let renderer = try Renderer()
        let (width, height) = ShaderProbe.size
        let from = try Texture(width: width, height: height), to = try Texture(width: width, height: height)
        let target = try RenderTarget(width: width, height: height)
        var fastest = Double.infinity
        for progress in [0.25, 0.5, 0.75] {
            let start = DispatchTime.now().uptimeNanoseconds
            try renderer.draw(EffectSettings(effect), from: from, to: to, progress: progress, into: target)
            renderer.finish()
            fastest = min(fastest, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
        }
        print(fastest)
    }
}
