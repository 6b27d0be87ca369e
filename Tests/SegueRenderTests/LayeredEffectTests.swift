import SegueEngine
import SegueImaging
@testable import SegueRender
import XCTest

/// Built-in effects drawn as layers look as their fragment shaders do: within
/// 2/255 per channel away from edges, at every progress tested, both
/// directions, springs' overshoot included.
final class LayeredEffectTests: XCTestCase {
    private let progressPoints = [0, 0.1, 0.3, 0.5, 0.7, 0.9, 1]
    /// Where a spring overshoots, its effect draws progress outside 0...1 too.
    private let overshootPoints = [-0.07, 1.08]

    func testEveryLayeredEffectMatchesItsShaderInBothDirections() throws {
        let layered = try EffectRegistry.builtin().names.filter { LayeredEffects.builtin(named: $0) != nil }
        XCTAssertEqual(layered, try EffectRegistry.builtin().names, "every built-in effect has a layered form")
        for name in layered {
            try assertLayersMatchShader(EffectSettings(try RenderFixture.effect(name)))
        }
    }

    /// Parameters away from the defaults: a rectangle of another aspect (cropped),
    /// a circle off-centre with a wide shadow, wider columns, coloured backgrounds.
    func testLayeredEffectsMatchTheirShadersWithOtherParameters() throws {
        let variations = [
            "zoom-from-rect": ["rect=0.6, 0.1, 0.15, 0.7", "fade-in=0.3"],
            "circle-reveal": ["center=0.2, 0.7", "shadow-radius=20", "shadow-opacity=0.6", "start-size=30"],
            "doom-melt": ["column-width=3", "start-offset=0.8"],
            "rotate": ["background=0.9, 0.1, 0.2"],
            "slide": ["background=0.2, 0.8, 0.3"],
        ]
        for (name, assignments) in variations {
            var settings = EffectSettings(try RenderFixture.effect(name))
            try settings.apply(assignments: assignments)
            try assertLayersMatchShader(settings)
        }
    }

    /// Screens as clients send them, XRGB8888, their unused byte anything:
    /// copied, faded through the blend colour and masked, their stored alpha
    /// is never read, and they match the shaders, which read it as 1.
    func testLayeredEffectsOfOpaqueScreensMatchTheirShadersWhateverTheirUnusedByte() throws {
        for name in try EffectRegistry.builtin().names {
            try assertLayersMatchShader(EffectSettings(try RenderFixture.effect(name)),
                                        from: try Self.xrgb(RenderFixture.from, unusedByte: 7),
                                        to: try Self.xrgb(RenderFixture.to, unusedByte: 0))
        }
    }

    /// A window opening from nothing and closing to nothing, over the desktop:
    /// as layers, its frame (alpha included: what is laid over the desktop)
    /// matches the shader's, both for a window alone inside a transparent
    /// margin (Segue's own, or a host's window placed) and for an opaque one
    /// filling the frame, its unused byte anything. Within 3/255: a zoom's
    /// small, faded window is one mipmap level blended in eight bits where the
    /// shader filters between two in floats.
    func testLayeredEffectsOverNothingMatchTheirShadersAlphaIncluded() throws {
        let renderer = try RenderFixture.renderer()
        let margin = try RenderTarget(width: RenderFixture.width, height: RenderFixture.height)
        let window = try Texture(image: TestScreens.first(width: 60, height: 30))
        try renderer.composeAlone([SurfaceLayer(window, at: PixelRect(x: 22, y: 9, width: 60, height: 30))], into: margin)
        let windows = [("in a margin", try margin.drawnTexture()), ("opaque", try Self.xrgb(RenderFixture.to, unusedByte: 7))]
        var circle = EffectSettings(try RenderFixture.effect("circle-reveal"))
        try circle.apply(assignments: ["center=0.3, 0.6", "shadow-radius=12", "shadow-opacity=0.7"])
        let settings = try EffectRegistry.builtin().names.map { EffectSettings(try RenderFixture.effect($0)) } + [circle]
        for settings in settings {
            for (kind, window) in windows {
                try assertLayersMatchShader(settings, from: renderer.nothing, to: window, over: true, tolerance: 3, "opening \(kind)")
                try assertLayersMatchShader(settings, from: window, to: renderer.nothing, over: true, tolerance: 3, "closing \(kind)")
            }
        }
    }

    private static func xrgb(_ image: RGBAImage, unusedByte: UInt8) throws -> Texture {
        let texture = try Texture(width: image.width, height: image.height)
        var bytes = [UInt8](repeating: unusedByte, count: image.pixels.count)
        for i in stride(from: 0, to: bytes.count, by: 4) {
            (bytes[i], bytes[i + 1], bytes[i + 2]) = (image.pixels[i + 2], image.pixels[i + 1], image.pixels[i])
        }
        bytes.withUnsafeBytes { texture.upload($0, stride: image.width * 4, format: .xrgb8888) }
        XCTAssertTrue(texture.isOpaque)
        return texture
    }

    /// `over`: drawn to be laid over the desktop, alpha compared too.
    private func assertLayersMatchShader(_ settings: EffectSettings, from: Texture? = nil, to: Texture? = nil, over: Bool = false,
                                         tolerance: Int = 2, _ kind: String = "", file: StaticString = #filePath, line: UInt = #line) throws {
        let renderer = try RenderFixture.renderer()
        let from = try from ?? Texture(image: RenderFixture.from), to = try to ?? Texture(image: RenderFixture.to)
        let springs = if case .spring = settings.curve { true } else { false }
        for direction in [TransitionDirection.forward, .reverse] {
            for progress in progressPoints + (springs ? overshootPoints : []) {
                let what = "\(settings.effect.name) \(kind) \(direction) at \(progress)"
                let layers = try RenderTarget(width: RenderFixture.width, height: RenderFixture.height)
                let shader = try RenderTarget(width: RenderFixture.width, height: RenderFixture.height)
                let window = over ? layers.bounds : nil
                try renderer.draw(settings, from: from, to: to, progress: progress, direction: direction, form: .layers,
                                  window: window, into: layers)
                try renderer.draw(settings, from: from, to: to, progress: progress, direction: direction, form: .shader,
                                  window: window, into: shader)
                assertImagesMatch(layers.readPixels(opaque: !over), shader.readPixels(opaque: !over), tolerance: tolerance,
                                  edgeShare: 0.02, what, file: file, line: line)
            }
        }
    }

    /// NaN, infinities and wild overshoot draw a sane frame: NaN shows where
    /// the transition ends, and any huge progress is clamped, drawing what the
    /// effect's furthest overshoot draws.
    func testBadProgressDrawsASaneFrame() throws {
        let renderer = try RenderFixture.renderer()
        let from = try Texture(image: RenderFixture.from), to = try Texture(image: RenderFixture.to)
        let target = try RenderTarget(width: RenderFixture.width, height: RenderFixture.height)
        func frame(_ settings: EffectSettings, _ progress: Double) throws -> RGBAImage {
            try renderer.draw(settings, from: from, to: to, progress: progress, into: target)
            return target.readPixels(opaque: true)
        }
        for name in try EffectRegistry.builtin().names {
            let settings = EffectSettings(try RenderFixture.effect(name))
            assertImagesMatch(try frame(settings, .nan), RenderFixture.to, tolerance: 2, "\(name) at NaN")
            for sign in [1.0, -1.0] {
                let furthest = try frame(settings, sign * 1e6)
                for huge in [Double.infinity, 1e12] {
                    assertImagesMatch(try frame(settings, sign * huge), furthest, tolerance: 0, "\(name) at \(sign * huge)")
                }
            }
        }
    }
}
