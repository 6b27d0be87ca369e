import SegueEngine
import SegueImaging
@testable import SegueRender
import XCTest

/// A hero zoom samples the growing screen through mipmaps, built only when
/// its content changed and only down to the level its scale needs.
final class MipmapTests: XCTestCase {
    func testZoomBuildsOnlyTheLevelsItsScaleNeedsAndOnlyWhenTheContentChanged() throws {
        let renderer = try RenderFixture.renderer()
        let from = try Texture(image: RenderFixture.from), to = try Texture(image: RenderFixture.to)
        let target = try RenderTarget(width: RenderFixture.width, height: RenderFixture.height)
        var zoom = EffectSettings(try RenderFixture.effect("zoom-from-rect"))
        try zoom.apply(assignments: ["rect=0.4, 0.4, 0.2, 0.2"])
        // At 0.28 and 0.36 of its size: down to level 1, and level 2 for trilinear blending.
        try renderer.draw(zoom, from: from, to: to, progress: 0.1, into: target)
        try renderer.draw(zoom, from: from, to: to, progress: 0.2, into: target)
        XCTAssertEqual(to.mipmapLevels, 2)
        XCTAssertEqual(to.mipmapBuilds, 1, "the same content: built once")
        XCTAssertEqual(from.mipmapBuilds, 0, "drawn at its own size")
        // A live window: new content, new levels at the next frame that needs them.
        RenderFixture.from.pixels.withUnsafeBytes { to.upload($0, stride: RenderFixture.width * 4, format: .rgba8888) }
        try renderer.draw(zoom, from: from, to: to, progress: 0.6, into: target)
        XCTAssertEqual(to.mipmapBuilds, 2)
        XCTAssertEqual(to.mipmapLevels, 1, "at 0.68 of its size it needs level 1 only")
        // At full size none are needed, and none are built.
        RenderFixture.to.pixels.withUnsafeBytes { to.upload($0, stride: RenderFixture.width * 4, format: .rgba8888) }
        try renderer.draw(zoom, from: from, to: to, progress: 1, into: target)
        XCTAssertEqual(to.mipmapBuilds, 2)
    }
}
