import SegueEngine
import SegueImaging
import SegueRender
import XCTest

/// Built-in effects drawn as layers look as their fragment shaders do: within
/// 2/255 per channel at every progress tested, both directions, springs'
/// overshoot included.
final class LayeredEffectTests: XCTestCase {
    private let progressPoints = [0, 0.1, 0.3, 0.5, 0.7, 0.9, 1]
    /// Where a spring overshoots, its effect draws progress outside 0...1 too.
    private let overshootPoints = [-0.07, 1.08]

    func testEveryLayeredEffectMatchesItsShaderInBothDirections() throws {
        let from = try Texture(image: RenderFixture.from), to = try Texture(image: RenderFixture.to)
        let renderer = try RenderFixture.renderer()
        let layered = try EffectRegistry.builtin().names.filter { LayeredEffects.builtin(named: $0) != nil }
        XCTAssertEqual(layered, ["crossfade", "slide"])
        for name in layered {
            let settings = EffectSettings(try RenderFixture.effect(name))
            let springs = if case .spring = settings.curve { true } else { false }
            for direction in [TransitionDirection.forward, .reverse] {
                for progress in progressPoints + (springs ? overshootPoints : []) {
                    let what = "\(name) \(direction) at \(progress)"
                    let layers = try RenderTarget(width: RenderFixture.width, height: RenderFixture.height)
                    let shader = try RenderTarget(width: RenderFixture.width, height: RenderFixture.height)
                    try renderer.draw(settings, from: from, to: to, progress: progress, direction: direction, into: layers)
                    try renderer.draw(settings, from: from, to: to, progress: progress, direction: direction, form: .shader,
                                      into: shader)
                    assertImagesMatch(layers.readPixels(opaque: true), shader.readPixels(opaque: true), tolerance: 2, what)
                }
            }
        }
    }

    func testSlideIsTwoCopiesAndAFillWhereTheSpringOvershoots() {
        let slide = try! XCTUnwrap(LayeredEffects.builtin(named: "slide"))
        let black = Layer.Content.color(red: 0, green: 0, blue: 0)
        XCTAssertEqual(slide.layers(progress: 0.25, width: 100, height: 50, values: [:]), [
            Layer(.from, frame: LayerRect(x: -25, y: 0, width: 100, height: 50)),
            Layer(.to, frame: LayerRect(x: 75, y: 0, width: 100, height: 50)),
        ])
        XCTAssertEqual(slide.layers(progress: 1.1, width: 100, height: 50, values: [:]), [
            Layer(black, frame: LayerRect(x: 90, y: 0, width: 10, height: 50)),
            Layer(.to, frame: LayerRect(x: -10, y: 0, width: 100, height: 50)),
        ])
        XCTAssertEqual(slide.layers(progress: -0.05, width: 100, height: 50, values: ["background": ParameterValue(.vec3, [1, 0, 0])]), [
            Layer(.color(red: 1, green: 0, blue: 0), frame: LayerRect(x: 0, y: 0, width: 5, height: 50)),
            Layer(.from, frame: LayerRect(x: 5, y: 0, width: 100, height: 50)),
        ])
        XCTAssertEqual(slide.layers(progress: 0.123, width: 100, height: 50, values: [:]).map(\.frame.x), [-12, 88], "whole pixels")
    }

    func testCrossfadeIsACopyUnderTheSourceAtOneMinusProgress() {
        let crossfade = try! XCTUnwrap(LayeredEffects.builtin(named: "crossfade"))
        let full = LayerRect(x: 0, y: 0, width: 100, height: 50)
        XCTAssertEqual(crossfade.layers(progress: 0.25, width: 100, height: 50, values: [:]),
                       [Layer(.to, frame: full), Layer(.from, frame: full, opacity: 0.75)])
        XCTAssertEqual(crossfade.layers(progress: 0, width: 100, height: 50, values: [:]), [Layer(.from, frame: full)])
        XCTAssertEqual(crossfade.layers(progress: 1, width: 100, height: 50, values: [:]), [Layer(.to, frame: full)])
    }

    /// NaN, infinities and wild overshoot draw a sane frame: the layers stay finite and on the screen's scale.
    func testBadProgressGivesFiniteLayers() {
        for name in ["slide", "crossfade"] {
            let effect = LayeredEffects.builtin(named: name)!
            for progress in [Double.nan, .infinity, -.infinity, 1e12, -1e12] {
                for layer in effect.layers(progress: progress, width: 100, height: 50, values: [:]) {
                    let f = layer.frame
                    XCTAssertTrue([f.x, f.y, f.width, f.height, layer.opacity].allSatisfy(\.isFinite), "\(name) at \(progress)")
                    XCTAssertLessThanOrEqual(abs(f.x), 200, "\(name) at \(progress)")
                }
            }
        }
    }
}
