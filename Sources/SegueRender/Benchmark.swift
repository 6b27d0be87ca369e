import Foundation
import SegueEngine
import SegueImaging

/// Measures how long each effect takes to draw one frame, against a plain
/// full-screen copy drawn through the same pipeline in the same run.
public struct Benchmark {
    public struct Row: Sendable {
        public let effect: String
        public let medianMilliseconds: Double
        /// The effect's median over the copy's median.
        public let ratioToCopy: Double
    }

    public let width: Int
    public let height: Int
    public let frames: Int

    public init(width: Int, height: Int, frames: Int) {
        self.width = width
        self.height = height
        self.frames = max(frames, 3)
    }

    /// The copy baseline first, then every effect, each at mid-progress where
    /// the effects do the most work.
    public func run(effects: [EffectDescriptor], renderer: Renderer) throws -> [Row] {
        let from = try Texture(image: TestScreens.first(width: width, height: height))
        let to = try Texture(image: TestScreens.second(width: width, height: height))
        let target = try RenderTarget(width: width, height: height)
        let copy = try median(EffectSettings(try EffectRegistry.copyEffect()), from, to, target, renderer)
        var rows = [Row(effect: "copy", medianMilliseconds: copy * 1000, ratioToCopy: 1)]
        for effect in effects {
            let t = try median(EffectSettings(effect), from, to, target, renderer)
            rows.append(Row(effect: effect.name, medianMilliseconds: t * 1000, ratioToCopy: t / copy))
        }
        return rows
    }

    private func median(_ settings: EffectSettings, _ from: Texture, _ to: Texture,
                        _ target: RenderTarget, _ renderer: Renderer) throws -> Double {
        try renderer.prepare(settings.effect)
        var times: [Double] = []
        // Two warm-up frames let the driver finish compiling and allocating.
        for i in 0..<(frames + 2) {
            // Progress sweeps 0.3–0.7 so effects that vary over time are measured mid-way.
            let progress = 0.3 + 0.4 * Double(i % 8) / 7
            let start = DispatchTime.now().uptimeNanoseconds
            try renderer.draw(settings, from: from, to: to, progress: progress, into: target)
            renderer.finish()
            if i >= 2 { times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9) }
        }
        times.sort()
        return times[times.count / 2]
    }
}
