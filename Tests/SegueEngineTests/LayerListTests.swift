import SegueEngine
import XCTest

/// The layer lists the built-in effects yield, checked without GL: what an
/// embedding compositor would draw with its own renderer.
final class LayerListTests: XCTestCase {
    private let full = LayerRect(x: 0, y: 0, width: 100, height: 50)

    private func layers(_ name: String, _ progress: Double, _ values: [String: ParameterValue] = [:]) -> [EffectLayer] {
        LayeredEffects.builtin(named: name)!.layers(progress: progress, width: 100, height: 50, values: values)
    }

    func testSlideIsTwoCopiesAndAFillWhereTheSpringOvershoots() {
        let black = EffectLayer.Content.color(red: 0, green: 0, blue: 0)
        XCTAssertEqual(layers("slide", 0.25), [
            EffectLayer(.from, frame: LayerRect(x: -25, y: 0, width: 100, height: 50)),
            EffectLayer(.to, frame: LayerRect(x: 75, y: 0, width: 100, height: 50)),
        ])
        XCTAssertEqual(layers("slide", 1.1), [
            EffectLayer(black, frame: LayerRect(x: 90, y: 0, width: 10, height: 50)),
            EffectLayer(.to, frame: LayerRect(x: -10, y: 0, width: 100, height: 50)),
        ])
        XCTAssertEqual(layers("slide", -0.05, ["background": ParameterValue(.vec3, [1, 0, 0])]), [
            EffectLayer(.color(red: 1, green: 0, blue: 0), frame: LayerRect(x: 0, y: 0, width: 5, height: 50)),
            EffectLayer(.from, frame: LayerRect(x: 5, y: 0, width: 100, height: 50)),
        ])
        XCTAssertEqual(layers("slide", 0.123).map(\.frame.x), [-12, 88], "whole pixels")
    }

    func testCrossfadeIsACopyUnderTheSourceAtOneMinusProgress() {
        XCTAssertEqual(layers("crossfade", 0.25), [EffectLayer(.to, frame: full), EffectLayer(.from, frame: full, opacity: 0.75)])
        XCTAssertEqual(layers("crossfade", 0), [EffectLayer(.from, frame: full)])
        XCTAssertEqual(layers("crossfade", 1), [EffectLayer(.to, frame: full)])
    }

    func testRotateTurnsBothScreensAQuarterTurnApartAboutTheTopLeftCorner() {
        let mid = layers("rotate", 0.5)
        XCTAssertEqual(mid.map(\.content), [.color(red: 0, green: 0, blue: 0), .to, .from])
        XCTAssertEqual(mid[1].rotation, LayerRotation(angle: -Double.pi / 4, pivotX: 0, pivotY: 0))
        XCTAssertEqual(mid[2].rotation, LayerRotation(angle: Double.pi / 4, pivotX: 0, pivotY: 0))
        XCTAssertEqual(layers("rotate", 0), [EffectLayer(.from, frame: full)])
        XCTAssertEqual(layers("rotate", 1), [EffectLayer(.to, frame: full)])
    }

    func testZoomGrowsTheDestinationFromTheRectangleCroppedToItsAspect() {
        let start = layers("zoom-from-rect", 0.1)
        XCTAssertEqual(start.count, 2)
        XCTAssertEqual(start[0], EffectLayer(.from, frame: full))
        XCTAssertEqual(start[1].content, .to)
        XCTAssertEqual(start[1].opacity, 1, accuracy: 1e-9, "faded in over the first tenth")
        XCTAssertTrue(start[1].mipmapped)
        XCTAssertEqual(start[1].frame.x, 22.5, accuracy: 1e-9)
        XCTAssertEqual(start[1].frame.width, 55, accuracy: 1e-9)
        // A tall rectangle shows a tall middle strip of the screen, never a squashed screen.
        let tall = layers("zoom-from-rect", 0, ["rect": ParameterValue(.vec4, [0.4, 0, 0.1, 1]), "fadeIn": .float(0)])[1]
        XCTAssertEqual(tall.source.height, 1, accuracy: 1e-9)
        XCTAssertEqual(tall.source.width, 0.1, accuracy: 1e-9, "a 10×50 rectangle shows a 10×50 strip of the screen")
        XCTAssertEqual(tall.source.x, 0.45, accuracy: 1e-9)
        XCTAssertEqual(layers("zoom-from-rect", 0), [EffectLayer(.from, frame: full)], "not yet faded in")
    }

    /// The textured part is the smaller one: the hole while it is small, the
    /// rest of the source once the hole covers more than half the output.
    func testCircleRevealTexturesTheSmallerSideOfTheCircle() {
        let small = layers("circle-reveal", 0.1)
        XCTAssertEqual(small.map(\.content), [.from, .to, .color(red: 0, green: 0, blue: 0)])
        guard case .circle(let hole)? = small[1].mask, case .innerShadow(let edge, let sigma, 1)? = small[2].mask else {
            return XCTFail("\(small)")
        }
        XCTAssertEqual(hole, edge)
        XCTAssertEqual(sigma, 3)
        XCTAssertEqual([hole.centerX, hole.centerY], [50, 25])
        let large = layers("circle-reveal", 0.8)
        XCTAssertEqual(large.map(\.content), [.to, .color(red: 0, green: 0, blue: 0), .from])
        guard case .outsideCircle? = large[2].mask else { return XCTFail("\(large)") }
        XCTAssertEqual(layers("circle-reveal", 0), [EffectLayer(.from, frame: full)])
        XCTAssertEqual(layers("circle-reveal", 1), [EffectLayer(.to, frame: full)])
        XCTAssertEqual(layers("circle-reveal", 0.1, ["shadowOpacity": .float(0)]).count, 2, "no shadow, no shadow layer")
    }

    func testDoomMeltMovesColumnsDownByWholePixelsEachItsOwnWay() {
        let mid = layers("doom-melt", 0.3)
        XCTAssertEqual(mid.first, EffectLayer(.to, frame: full))
        guard case .columns(let offsets)? = mid.last?.mask else { return XCTFail("\(mid)") }
        XCTAssertEqual(offsets.count, 100)
        XCTAssertTrue(offsets.allSatisfy { (0...50).contains($0) })
        XCTAssertGreaterThan(Set(offsets).count, 5, "columns start at their own times")
        let later = layers("doom-melt", 0.6)
        guard case .columns(let laterOffsets)? = later.last?.mask else { return XCTFail("\(later)") }
        XCTAssertTrue(zip(offsets, laterOffsets).allSatisfy { $0 <= $1 }, "a column never moves back up")
        let wide = layers("doom-melt", 0.3, ["columnWidth": .float(4)])
        guard case .columns(let wideOffsets)? = wide.last?.mask else { return XCTFail("\(wide)") }
        XCTAssertTrue(stride(from: 0, to: 100, by: 4).allSatisfy { Set(wideOffsets[$0..<$0 + 4]).count == 1 })
        XCTAssertEqual(layers("doom-melt", 0), [EffectLayer(.from, frame: full)])
        XCTAssertEqual(layers("doom-melt", 1), [EffectLayer(.to, frame: full)])
    }

    /// NaN, infinities, wild overshoot and nonsense parameters draw a sane frame:
    /// every number finite and on the screen's scale.
    func testBadProgressAndParametersGiveFiniteLayers() {
        let nonsense: [String: ParameterValue] = [
            "rect": ParameterValue(.vec4, [.nan, .infinity, 0, -1e300]), "fadeIn": .float(.nan),
            "startSize": .float(.infinity), "endScale": .float(1e30), "shadowRadius": .float(-1), "center": ParameterValue(.vec2, [1e300, -5]),
            "startSpeed": .float(0), "meltSpeed": .float(.infinity), "columnWidth": .float(0),
            "background": ParameterValue(.vec3, [.nan, 1, 1]),
        ]
        for name in ["slide", "crossfade", "rotate", "zoom-from-rect", "circle-reveal", "doom-melt"] {
            for progress in [Double.nan, .infinity, -.infinity, 1e12, -1e12, 0.5] {
                for values in [[:], nonsense] {
                    for layer in layers(name, progress, values) {
                        let f = layer.frame, s = layer.source
                        var numbers = [f.x, f.y, f.width, f.height, s.x, s.y, s.width, s.height, layer.opacity]
                        if let turn = layer.rotation { numbers += [turn.angle, turn.pivotX, turn.pivotY] }
                        switch layer.mask {
                        case .circle(let c)?, .outsideCircle(let c)?: numbers += [c.centerX, c.centerY, c.radius]
                        case .innerShadow(let c, let sigma, let opacity)?: numbers += [c.centerX, c.centerY, c.radius, sigma, opacity]
                        case .columns(let offsets)?: numbers += offsets.map(Double.init)
                        case nil: break
                        }
                        XCTAssertTrue(numbers.allSatisfy { $0.isFinite && abs($0) < 1e6 }, "\(name) at \(progress): \(layer)")
                    }
                }
            }
        }
    }
}
