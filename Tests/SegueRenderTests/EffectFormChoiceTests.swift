import SegueEngine
import SegueRender
import XCTest

/// An effect with a layered form and a shader is drawn in whichever drew
/// faster on a target of the output's size, timed once per size; any other
/// effect only has its shader.
final class EffectFormChoiceTests: XCTestCase {
    func testEachBuiltinIsDrawnInTheFormThatDrewFasterAtThatSize() throws {
        let renderer = try RenderFixture.renderer()
        for effect in try EffectRegistry.builtin().all {
            let choice = try XCTUnwrap(try renderer.formChoice(for: effect, width: 120, height: 68), effect.name)
            XCTAssertGreaterThan(choice.layersMilliseconds, 0)
            XCTAssertGreaterThan(choice.shaderMilliseconds, 0)
            XCTAssertEqual(choice.form, choice.shaderMilliseconds < choice.layersMilliseconds ? .shader : .layers, effect.name)
            XCTAssertEqual(renderer.form(for: effect, width: 120, height: 68), choice.form)
        }
    }

    func testAChoiceIsTimedOncePerSize() throws {
        let renderer = try RenderFixture.renderer()
        let melt = try RenderFixture.effect("doom-melt")
        let first = try renderer.formChoice(for: melt, width: 100, height: 60)
        XCTAssertEqual(try renderer.formChoice(for: melt, width: 100, height: 60), first, "the same measurement, not a new one")
        XCTAssertNotNil(try renderer.formChoice(for: melt, width: 60, height: 100))
    }

    func testAUserShaderHasOneFormItsShader() throws {
        var registry = EffectRegistry()
        let effect = try registry.register(name: "mine", glsl: "vec4 transition(vec2 uv) { return getToColor(uv); }")
        let renderer = try RenderFixture.renderer()
        XCTAssertNil(try renderer.formChoice(for: effect, width: 64, height: 36))
        XCTAssertEqual(renderer.form(for: effect, width: 64, height: 36), .shader)
    }
}
