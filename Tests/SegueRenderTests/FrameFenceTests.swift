import Foundation
import SegueEngine
import SegueImaging
@testable import SegueRender
import XCTest

/// Frames are fenced, not finished: `submit` returns at once and the fence
/// signals when the GPU is done, with the frame's render time.
final class FrameFenceTests: XCTestCase {
    func testASubmittedFrameSignalsItsFenceWithItsRenderTime() throws {
        let renderer = try RenderFixture.renderer()
        let from = try Texture(image: RenderFixture.from), to = try Texture(image: RenderFixture.to)
        let target = try RenderTarget(width: RenderFixture.width, height: RenderFixture.height)
        let start = DispatchTime.now().uptimeNanoseconds
        try renderer.draw(EffectSettings(try RenderFixture.effect("circle-reveal")), from: from, to: to, progress: 0.5, into: target)
        let fence = renderer.submit(target, startedAt: start)
        XCTAssertTrue(target.fence === fence, "the target knows its last frame's fence")
        let seconds = fence.renderSeconds()
        XCTAssertTrue(fence.isSignalled)
        XCTAssertGreaterThan(seconds, 0)
        XCTAssertLessThan(seconds, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 + 1e-6)
        // What the fence covered is what reads back.
        XCTAssertEqual(target.readPixels(opaque: true), try RenderFixture.draw("circle-reveal", progress: 0.5))
    }

    func testFencesOfSuccessiveFramesSignalInOrder() throws {
        let renderer = try RenderFixture.renderer()
        let target = try RenderTarget(width: 64, height: 64)
        let fences = (0..<20).map { i -> FrameFence in
            try? renderer.compose([], background: (Float(i) / 20, 0, 0), into: target)
            return renderer.submit(target, startedAt: DispatchTime.now().uptimeNanoseconds)
        }
        _ = fences.last!.renderSeconds()
        XCTAssertTrue(fences.allSatisfy(\.isSignalled), "a later fence signals only after the earlier ones")
    }
}
