import SegueEngine
import SegueRender
import XCTest

/// Every built-in effect shows exactly `from` at progress 0 and exactly `to`
/// at progress 1, played forward and in reverse.
final class EffectEndpointTests: XCTestCase {
    func testEveryEffectStartsOnFromAndEndsOnToInBothDirections() throws {
        let effects = try EffectRegistry.builtin().all
        XCTAssertEqual(effects.map(\.name).sorted(),
                       ["circle-reveal", "crossfade", "doom-melt", "lamp", "rotate", "slide", "zoom-from-rect"])
        for effect in effects {
            for direction in [TransitionDirection.forward, .reverse] {
                let start = try RenderFixture.draw(EffectSettings(effect), progress: 0, direction: direction)
                assertImagesMatch(start, RenderFixture.from, "\(effect.name) \(direction) at 0")
                let end = try RenderFixture.draw(EffectSettings(effect), progress: 1, direction: direction)
                assertImagesMatch(end, RenderFixture.to, "\(effect.name) \(direction) at 1")
            }
        }
    }

    func testEveryEffectMidwayShowsNeitherScreenWhole() throws {
        for effect in try EffectRegistry.builtin().all {
            for direction in [TransitionDirection.forward, .reverse] {
                let mid = try RenderFixture.draw(EffectSettings(effect), progress: 0.5, direction: direction)
                XCTAssertGreaterThan(largestDifference(mid, RenderFixture.from).distance, 30, "\(effect.name) \(direction)")
                XCTAssertGreaterThan(largestDifference(mid, RenderFixture.to).distance, 30, "\(effect.name) \(direction)")
            }
        }
    }
}
