import SegueEngine
import SegueImaging
@testable import SegueRender
import XCTest

/// The magic lamp pours `from` into its rectangle: halfway, the screen's top
/// has slid down, its corners are where the funnel starts, the funnel's
/// narrow end leaves `to` beside it, and the screen is upright (its red
/// corner top-left); it flows toward whichever edge the rectangle is nearest,
/// both forms alike; the last frame is `to`.
final class LampTests: XCTestCase {
    private let width = 200, height = 100
    private let red = RGBA(220, 0, 0), blue = RGBA(0, 0, 220), green = RGBA(0, 200, 0)

    /// Blue with a red top-left quarter.
    private var marked: RGBAImage {
        var image = RGBAImage(width: width, height: height, fill: blue)
        for y in 0..<height / 2 { for x in 0..<width / 2 { image[x, y] = red } }
        return image
    }

    private func frame(_ progress: Double, form: Renderer.EffectForm, _ assignments: [String] = []) throws -> RGBAImage {
        let renderer = try RenderFixture.renderer()
        var settings = EffectSettings(try RenderFixture.effect("lamp"))
        try settings.apply(assignments: assignments)
        let target = try RenderTarget(width: width, height: height)
        try renderer.draw(settings, from: try Texture(image: marked), to: try Texture(image: RGBAImage(width: width, height: height, fill: green)),
                          progress: progress, direction: .forward, form: form, window: nil, into: target)
        return target.readPixels(opaque: true)
    }

    private func assertColour(_ image: RGBAImage, _ x: Double, _ y: Double, _ expected: RGBA, _ what: String,
                              file: StaticString = #filePath, line: UInt = #line) {
        let pixel = image[Int(x * Double(width)), Int(y * Double(height))]
        XCTAssertEqual(pixel, expected, "\(what) at (\(x), \(y))", file: file, line: line)
    }

    func testHalfwayTheScreenHasSlidDownIntoAFunnelUpright() throws {
        for form in [Renderer.EffectForm.layers, .shader] {
            let image = try frame(0.5, form: form)
            assertColour(image, 0.5, 0.05, green, "\(form): above the slid-down top")
            assertColour(image, 0.06, 0.17, red, "\(form): the top-left corner")
            assertColour(image, 0.94, 0.17, blue, "\(form): the top-right corner")
            assertColour(image, 0.05, 0.9, green, "\(form): beside the funnel's narrow end")
            assertColour(image, 0.95, 0.9, green, "\(form): beside it on the right")
            assertColour(image, 0.5, 0.97, blue, "\(form): the bottom, in the rectangle")
        }
    }

    func testItFlowsTowardTheEdgeItsRectangleIsNearest() throws {
        // A rectangle at the left edge, in the middle: the screen slides left.
        for form in [Renderer.EffectForm.layers, .shader] {
            let image = try frame(0.5, form: form, ["rect=0.0, 0.45, 0.03, 0.1"])
            assertColour(image, 0.95, 0.5, green, "\(form): right of the slid-in right edge")
            assertColour(image, 0.02, 0.47, red, "\(form): in the rectangle, the screen's top-left quarter")
            assertColour(image, 0.1, 0.05, green, "\(form): above the funnel's narrow end")
        }
    }

    func testTheLastFrameIsTo() throws {
        for form in [Renderer.EffectForm.layers, .shader] {
            let image = try frame(1, form: form)
            XCTAssertTrue((0..<height).allSatisfy { y in (0..<width).allSatisfy { image[$0, y] == green } }, "\(form)")
        }
    }
}
