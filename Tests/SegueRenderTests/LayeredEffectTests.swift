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
        // Its screens are made first, so GL's context is made current before them.
        _ = try RenderFixture.renderer()
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
        let alone = try margin.drawnTexture()
        let windows = [("in a margin", alone), ("opaque", try Self.xrgb(RenderFixture.to, unusedByte: 7))]
        // The same window, its layers told where it lies in its drawing: they draw only there.
        let content = try XCTUnwrap(Renderer.content(of: [SurfaceLayer(window, at: PixelRect(x: 22, y: 9, width: 60, height: 30))],
                                                     in: margin.bounds))
        let sparse = SparseSide(texture: alone, content: content)
        var circle = EffectSettings(try RenderFixture.effect("circle-reveal"))
        try circle.apply(assignments: ["center=0.3, 0.6", "shadow-radius=12", "shadow-opacity=0.7"])
        let settings = try EffectRegistry.builtin().names.map { EffectSettings(try RenderFixture.effect($0)) } + [circle]
        for settings in settings {
            for (kind, window) in windows {
                try assertLayersMatchShader(settings, from: renderer.nothing, to: window, over: true, tolerance: 3, "opening \(kind)")
                try assertLayersMatchShader(settings, from: window, to: renderer.nothing, over: true, tolerance: 3, "closing \(kind)")
            }
            try assertLayersMatchShader(settings, from: renderer.nothing, to: alone, over: true, sparse: sparse, tolerance: 3, "opening, sparse")
            try assertLayersMatchShader(settings, from: alone, to: renderer.nothing, over: true, sparse: sparse, tolerance: 3, "closing, sparse")
        }
    }

    /// `cut`, drawn with `sparse`, is the frame drawn without (within one
    /// level: a cut quad's corners are other numbers for the same texels, and
    /// its filtering may round apart), transparent outside `drawn`.
    private func assertCutFrameIsTheWhole(_ cut: RenderTarget, drawn: PixelRect?, _ settings: EffectSettings, from: Texture, to: Texture,
                                          sparse: SparseSide, progress: Double, direction: TransitionDirection, _ what: String,
                                          file: StaticString = #filePath, line: UInt = #line) throws {
        let renderer = try RenderFixture.renderer()
        let whole = try RenderTarget(width: cut.width, height: cut.height)
        try renderer.draw(settings, from: from, to: to, progress: progress, direction: direction, form: .layers, window: whole.bounds, into: whole)
        let cut = cut.readPixels(opaque: false), uncut = whole.readPixels(opaque: false)
        func apart(_ a: RGBA, _ b: RGBA) -> Int { [Int(a.r) - Int(b.r), Int(a.g) - Int(b.g), Int(a.b) - Int(b.b), Int(a.a) - Int(b.a)].map(abs).max() ?? 0 }
        let differing = (0..<cut.height).flatMap { y -> [(Int, Int)] in (0..<cut.width).filter { apart(cut[$0, y], uncut[$0, y]) > 1 }.map { ($0, y) } }
        XCTAssertTrue(differing.isEmpty, "\(what): cut to \(sparse.content), \(differing.count) pixels differ, first "
                      + (differing.first.map { "\($0): \(cut[$0.0, $0.1]) not \(uncut[$0.0, $0.1])" } ?? ""), file: file, line: line)
        let outside = (0..<cut.height).flatMap { y -> [(Int, Int)] in (0..<cut.width).filter { !Self.holds(drawn, x: $0, y: y) && cut[$0, y].a != 0 }.map { ($0, y) } }
        let sample = outside.isEmpty ? "" : "\(outside[0]): \(cut[outside[0].0, outside[0].1])"
        XCTAssertTrue(outside.isEmpty, "\(what): \(outside.count) pixels outside what it drew, \(String(describing: drawn)), are not transparent, first \(sample)",
                      file: file, line: line)
    }

    private static func holds(_ rect: PixelRect?, x: Int, y: Int) -> Bool {
        guard let rect else { return false }
        return x >= rect.x && x < rect.x + rect.width && y >= rect.y && y < rect.y + rect.height
    }

    /// A window poured into a small rectangle far from it, zoomed down to it
    /// from mipmaps: cut to where it lies in its drawing (grown by what each
    /// level's filtering reads past it), its frames are its whole drawing's.
    func testAWindowCutToWhereItLiesDrawsItsWholeDrawingsFramesAtEveryMipmapLevel() throws {
        let renderer = try RenderFixture.renderer()
        let drawing = try RenderTarget(width: 384, height: 216)
        let rect = PixelRect(x: 230, y: 20, width: 120, height: 80)
        try renderer.composeAlone([SurfaceLayer(try Texture(image: TestScreens.first(width: 120, height: 80)), at: rect)], into: drawing)
        let alone = try drawing.drawnTexture()
        let sparse = SparseSide(texture: alone, content: try XCTUnwrap(Renderer.content(of: [SurfaceLayer(alone, at: rect)], in: drawing.bounds)))
        for name in ["zoom-from-rect", "lamp"] {
            var settings = EffectSettings(try RenderFixture.effect(name))
            try settings.set("rect", to: "0.01, 0.93, 0.03, 0.05")
            for progress in [0.2, 0.5, 0.8, 0.95] {
                let cut = try RenderTarget(width: drawing.width, height: drawing.height)
                let drawn = try renderer.draw(settings, from: alone, to: renderer.nothing, progress: progress, form: .layers,
                                              window: cut.bounds, sparse: sparse, into: cut)
                try assertCutFrameIsTheWhole(cut, drawn: drawn, settings, from: alone, to: renderer.nothing, sparse: sparse, progress: progress,
                                             direction: .forward, "\(name) closing at \(progress)")
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
    /// `sparse`: the layers told where a side holds its window; they draw the
    /// same frame as without (within one level), and nothing but transparency outside what they say they drew.
    private func assertLayersMatchShader(_ settings: EffectSettings, from: Texture? = nil, to: Texture? = nil, over: Bool = false,
                                         sparse: SparseSide? = nil, tolerance: Int = 2, _ kind: String = "",
                                         file: StaticString = #filePath, line: UInt = #line) throws {
        let renderer = try RenderFixture.renderer()
        let from = try from ?? Texture(image: RenderFixture.from), to = try to ?? Texture(image: RenderFixture.to)
        let springs = if case .spring = settings.curve { true } else { false }
        for direction in [TransitionDirection.forward, .reverse] {
            for progress in progressPoints + (springs ? overshootPoints : []) {
                let what = "\(settings.effect.name) \(kind) \(direction) at \(progress)"
                let layers = try RenderTarget(width: RenderFixture.width, height: RenderFixture.height)
                let shader = try RenderTarget(width: RenderFixture.width, height: RenderFixture.height)
                let window = over ? layers.bounds : nil
                let drawn = try renderer.draw(settings, from: from, to: to, progress: progress, direction: direction, form: .layers,
                                              window: window, sparse: sparse, into: layers)
                try renderer.draw(settings, from: from, to: to, progress: progress, direction: direction, form: .shader,
                                  window: window, into: shader)
                if let sparse {
                    try assertCutFrameIsTheWhole(layers, drawn: drawn, settings, from: from, to: to, sparse: sparse, progress: progress,
                                                 direction: direction, what, file: file, line: line)
                }
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
