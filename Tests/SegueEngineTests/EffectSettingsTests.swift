import SegueEngine
import XCTest

/// Effects read their timing from annotations; parameters are set by name
/// with type and range checks that say what went wrong.
final class EffectSettingsTests: XCTestCase {
    private let melt = """
        // @summary Melt
        // @duration 2s
        // @easing linear
        uniform float columnWidth; // = 1.0 (1..512) width in pixels
        uniform vec2 center; // = vec2(0.5, 0.5) (0..1)
        vec4 transition(vec2 uv) { return getToColor(uv); }
        """

    private func effect(_ glsl: String) throws -> EffectDescriptor {
        var registry = EffectRegistry()
        return try registry.register(name: "melt", glsl: glsl)
    }

    func testAnnotationsGiveSummaryDurationAndCurve() throws {
        let e = try effect(melt)
        XCTAssertEqual(e.summary, "Melt")
        XCTAssertEqual(e.duration, 2)
        XCTAssertEqual(e.curve, .linear)
        XCTAssertFalse(e.mipmappedFrom || e.mipmappedTo)
    }

    func testASpringAnnotationSettlesOverTheDuration() throws {
        let e = try effect("// @duration 500ms\n// @spring damping=0.5 velocity=0.8\n// @mipmaps\nvec4 transition(vec2 uv) { return getToColor(uv); }")
        guard case .spring(let spring) = e.curve else { return XCTFail("expected a spring, got \(e.curve)") }
        XCTAssertEqual(spring.dampingRatio, 0.5)
        XCTAssertEqual(spring.initialVelocity, 0.8)
        XCTAssertEqual(e.duration, 0.5, accuracy: 1e-9)
        XCTAssertTrue(e.mipmappedFrom && e.mipmappedTo)
    }

    func testExtremeSpringAnnotationsAreErrorsNotCrashes() {
        for (annotations, message) in [
            ("// @spring damping=1e-320", "spring damping must be in 0.01...10"),
            ("// @spring damping=0.5 velocity=1e300", "spring velocity must be in -100...100"),
            ("// @spring damping=0.5 stiffness=1e300", "spring stiffness must be in 0.01...1000000"),
            ("// @duration 1e-300s\n// @spring damping=0.5", "a spring cannot settle in under 10 ms"),
            ("// @spring damping=0.01 stiffness=0.01", "this spring takes longer than 60 s to settle; raise its stiffness or damping"),
        ] {
            XCTAssertThrowsError(try effect(annotations + "\nvec4 transition(vec2 uv) { return getToColor(uv); }"), annotations) {
                XCTAssertEqual(($0 as? ShaderSourceError)?.message, message)
            }
        }
    }

    func testMipmapsCanBeAskedForOneScreenOnly() throws {
        let e = try effect("// @mipmaps to\nvec4 transition(vec2 uv) { return getToColor(uv); }")
        XCTAssertFalse(e.mipmappedFrom)
        XCTAssertTrue(e.mipmappedTo)
        XCTAssertThrowsError(try effect("// @mipmaps sideways\nvec4 transition(vec2 uv) { return getToColor(uv); }"))
    }

    func testABadAnnotationIsReportedAtItsLine() throws {
        XCTAssertThrowsError(try effect("// ok\n// @duration -3s\nvec4 transition(vec2 uv) { return getToColor(uv); }")) { error in
            let e = error as! ShaderSourceError
            XCTAssertEqual(e.line, 2)
            XCTAssertTrue(e.description.hasPrefix("<melt>:2:"), e.description)
        }
        XCTAssertThrowsError(try effect("// @spring bounce=2\nvec4 transition(vec2 uv) { return getToColor(uv); }"))
    }

    func testParametersAreSetByTheirKebabCaseOrUniformName() throws {
        var s = EffectSettings(try effect(melt))
        XCTAssertEqual(s.value("column-width"), .float(1))
        try s.set("column-width", to: "2")
        XCTAssertEqual(s.value("columnWidth"), .float(2))
        try s.apply(assignments: ["center=0.25,0.75"])
        XCTAssertEqual(s.value("center"), ParameterValue(.vec2, [0.25, 0.75]))
    }

    func testUnknownWrongTypeAndOutOfRangeParametersSayWhatIsWrong() throws {
        var s = EffectSettings(try effect(melt))
        XCTAssertThrowsError(try s.set("colum-width", to: "2")) {
            XCTAssertEqual("\($0)", "effect 'melt' has no parameter 'colum-width' (it has column-width, center)")
        }
        XCTAssertThrowsError(try s.set("column-width", to: "wide")) {
            XCTAssertEqual("\($0)", "parameter 'column-width' takes a float, not 'wide'")
        }
        XCTAssertThrowsError(try s.set("column-width", to: "1000")) {
            XCTAssertEqual("\($0)", "parameter 'column-width' = 1000.0 is outside 1.0...512.0")
        }
        XCTAssertThrowsError(try s.apply(assignments: ["center"])) {
            XCTAssertEqual("\($0)", "expected NAME=VALUE, got 'center'")
        }
        XCTAssertEqual(s.value("column-width"), .float(1), "a rejected value leaves the old one")
    }

    func testUnknownEffectsSuggestTheNearestName() throws {
        var registry = EffectRegistry()
        try registry.register(name: "doom-melt", glsl: "vec4 transition(vec2 uv) { return getToColor(uv); }")
        try registry.register(name: "slide", glsl: "vec4 transition(vec2 uv) { return getToColor(uv); }")
        XCTAssertThrowsError(try registry.effect(named: "doom-mlt")) {
            XCTAssertEqual("\($0)", "unknown effect 'doom-mlt' (did you mean 'doom-melt'?); known effects: doom-melt, slide")
        }
    }
}
