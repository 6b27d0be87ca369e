@testable import SegueShell
@testable import SegueWayland
import SegueEngine
import SegueRender
import XCTest

/// A client's source rectangle and duration become the effect's settings.
final class TransitionRequestTests: XCTestCase {
    func testTheSourceRectangleBecomesZoomFromRectsRectAsFractionsOfTheOutput() throws {
        var settings = EffectSettings(try EffectRegistry.builtin().effect(named: "zoom-from-rect"))
        let rect = try XCTUnwrap(SourceRect(x: 40, y: 90, width: 160, height: 90, outputWidth: 640, outputHeight: 360))
        TransitionRequest(effect: nil, sourceRect: rect, duration: 0.4)
            .adjust(&settings, outputWidth: 640, outputHeight: 360)
        XCTAssertEqual(settings.value("rect"), ParameterValue(.vec4, [0.0625, 0.25, 0.25, 0.25]))
        XCTAssertEqual(settings.duration, 0.4)
    }

    func testRectanglesWithoutSizeOrOutsideTheOutputAreRefused() {
        XCTAssertNil(SourceRect(x: 0, y: 0, width: 0, height: 10, outputWidth: 640, outputHeight: 360))
        XCTAssertNil(SourceRect(x: -1, y: 0, width: 10, height: 10, outputWidth: 640, outputHeight: 360))
        XCTAssertNil(SourceRect(x: 600, y: 0, width: 41, height: 10, outputWidth: 640, outputHeight: 360))
    }
}
