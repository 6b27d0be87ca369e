import Foundation
import SegueEngine
import SegueImaging

/// Measures how long each effect takes to draw one frame, next to reference
/// rows measured in the same run: what the hardware's floor looks like (a blit,
/// an upload, a read-back), the old full-screen copy, and Segue's own plain
/// compositing. Ratios within one run hold on a noisy machine; absolute times do not.
public struct Benchmark {
    public struct Row: Sendable {
        public let name: String
        public let medianMilliseconds: Double
        /// The median over `reference-copy`'s.
        public let ratioToCopy: Double
        /// The median over `blit`'s.
        public let ratioToBlit: Double
        /// Reference rows measure the machine and Segue's plumbing; the others are effects.
        public let isReference: Bool
    }

    public let width: Int
    public let height: Int
    public let frames: Int

    public init(width: Int, height: Int, frames: Int) {
        self.width = width
        self.height = height
        self.frames = max(frames, 3)
    }

    /// The reference rows first, then every effect at mid-progress, where the effects do the most work.
    public func run(effects: [EffectDescriptor], renderer: Renderer) throws -> [Row] {
        let first = TestScreens.first(width: width, height: height)
        let second = TestScreens.second(width: width, height: height)
        // The screens as clients' wl_shm buffers arrive: XRGB8888, opaque.
        let shm = Self.shm(first)
        let from = try Texture(width: width, height: height), to = try Texture(width: width, height: height)
        shm.withUnsafeBytes { from.upload($0, stride: width * 4, format: .xrgb8888) }
        Self.shm(second).withUnsafeBytes { to.upload($0, stride: width * 4, format: .xrgb8888) }
        let target = try RenderTarget(width: width, height: height)
        // The copy as Segue drew every frame before: RGBA8 screens, a full-screen texture() quad.
        let copy = try EffectSettings(EffectRegistry.copyEffect())
        let rgbaFrom = try Texture(image: first, storage: .rgba8), rgbaTo = try Texture(image: second, storage: .rgba8)
        let rgbaTarget = try RenderTarget(width: width, height: height, storage: .rgba8)
        try renderer.prepare(copy.effect)
        let window = try Texture(width: width, height: height)

        let references: [(String, (Double) throws -> Void)] = [
            ("reference-copy", { try renderer.draw(copy, from: rgbaFrom, to: rgbaTo, progress: $0, into: rgbaTarget) }),
            ("blit", { _ in renderer.copy(from, into: target) }),
            ("upload", { _ in shm.withUnsafeBytes { window.upload($0, stride: width * 4, format: .xrgb8888) } }),
            ("readback", { _ in _ = target.readPixels() }),
            ("composite", { _ in try renderer.present(window, into: target, background: (0, 0, 0)) }),
        ]
        var measured = try references.map { ($0.0, try median($0.1, renderer), true) }
        for effect in effects {
            let settings = EffectSettings(effect)
            try renderer.prepare(effect)
            measured.append((effect.name, try median({ try renderer.draw(settings, from: from, to: to, progress: $0, into: target) },
                                                    renderer), false))
        }
        let copyTime = measured[0].1, blitTime = measured[1].1
        return measured.map { Row(name: $0.0, medianMilliseconds: $0.1 * 1000, ratioToCopy: $0.1 / copyTime,
                                  ratioToBlit: $0.1 / blitTime, isReference: $0.2) }
    }

    /// An image as a client's wl_shm buffer holds it: XRGB8888, bytes B, G, R, X.
    private static func shm(_ image: RGBAImage) -> [UInt8] {
        image.pixels.withUnsafeBytes { rgba in
            [UInt8](unsafeUninitializedCapacity: rgba.count) { bytes, count in
                for i in Swift.stride(from: 0, to: rgba.count, by: 4) {
                    (bytes[i], bytes[i + 1], bytes[i + 2], bytes[i + 3]) = (rgba[i + 2], rgba[i + 1], rgba[i], 255)
                }
                count = rgba.count
            }
        }
    }

    /// The median seconds of `frame`, each waited for on the GPU.
    private func median(_ frame: (Double) throws -> Void, _ renderer: Renderer) throws -> Double {
        var times: [Double] = []
        // Two warm-up frames let the driver finish compiling and allocating.
        for i in 0..<(frames + 2) {
            // Progress sweeps 0.3–0.7 so effects that vary over time are measured mid-way.
            let progress = 0.3 + 0.4 * Double(i % 8) / 7
            let start = DispatchTime.now().uptimeNanoseconds
            try frame(progress)
            renderer.finish()
            if i >= 2 { times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9) }
        }
        times.sort()
        return times[times.count / 2]
    }
}
