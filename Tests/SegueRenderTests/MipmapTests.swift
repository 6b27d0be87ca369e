import SegueEngine
import SegueImaging
@testable import SegueRender
import XCTest

/// A hero zoom samples the growing screen from the one mipmap level its scale
/// needs, built only when its content changed and only down to that level.
final class MipmapTests: XCTestCase {
    func testZoomBuildsOnlyTheLevelItsScaleNeedsAndOnlyWhenTheContentChanged() throws {
        let renderer = try RenderFixture.renderer()
        let from = try Texture(image: RenderFixture.from), to = try Texture(image: RenderFixture.to)
        let target = try RenderTarget(width: RenderFixture.width, height: RenderFixture.height)
        var zoom = EffectSettings(try RenderFixture.effect("zoom-from-rect"))
        try zoom.apply(assignments: ["rect=0.4, 0.4, 0.2, 0.2"])
        // At 0.28 and 0.36 of its size: level 1 (half size) is the smallest at least that large.
        try renderer.draw(zoom, from: from, to: to, progress: 0.1, into: target)
        try renderer.draw(zoom, from: from, to: to, progress: 0.2, into: target)
        XCTAssertEqual(to.mipmapLevels, 1)
        XCTAssertEqual(to.mipmapBuilds, 1, "the same content: built once")
        XCTAssertEqual(from.mipmapBuilds, 0, "drawn at its own size")
        // At 0.12 of its size: down to level 3, new content or not.
        try renderer.draw(zoom, from: from, to: to, progress: 0.0, into: target)
        XCTAssertEqual(to.mipmapLevels, 1, "at progress 0 the screen has not faded in: nothing drawn")
        try zoom.apply(assignments: ["rect=0.45, 0.45, 0.12, 0.12", "fade-in=0"])
        try renderer.draw(zoom, from: from, to: to, progress: 0.0, into: target)
        XCTAssertEqual(to.mipmapLevels, 3)
        XCTAssertEqual(to.mipmapBuilds, 2)
        // A live window: new content, new levels at the next frame that needs them.
        RenderFixture.from.pixels.withUnsafeBytes { to.upload($0, stride: RenderFixture.width * 4, format: .rgba8888) }
        try renderer.draw(zoom, from: from, to: to, progress: 0.1, into: target)
        XCTAssertEqual(to.mipmapBuilds, 3)
        // From half its size up, the texture itself is read: no levels are built.
        RenderFixture.to.pixels.withUnsafeBytes { to.upload($0, stride: RenderFixture.width * 4, format: .rgba8888) }
        try renderer.draw(zoom, from: from, to: to, progress: 0.6, into: target)
        try renderer.draw(zoom, from: from, to: to, progress: 1, into: target)
        XCTAssertEqual(to.mipmapBuilds, 3)
    }

    func testGoingDeeperMakesOnlyTheNewLevelsAndTheyMatchLevelsMadeAtOnce() throws {
        let renderer = try RenderFixture.renderer()
        let from = try Texture(image: RenderFixture.from)
        let stepped = try Texture(image: RenderFixture.to), direct = try Texture(image: RenderFixture.to)
        let target = try RenderTarget(width: RenderFixture.width, height: RenderFixture.height)
        var zoom = EffectSettings(try RenderFixture.effect("zoom-from-rect"))
        try zoom.apply(assignments: ["rect=0.4, 0.4, 0.2, 0.2"])
        try renderer.draw(zoom, from: from, to: stepped, progress: 0.1, into: target)
        XCTAssertEqual(stepped.mipmapLevels, 1)
        try zoom.apply(assignments: ["rect=0.45, 0.45, 0.12, 0.12", "fade-in=0"])
        try renderer.draw(zoom, from: from, to: stepped, progress: 0.0, into: target)
        XCTAssertEqual(stepped.mipmapLevels, 3)
        XCTAssertEqual(stepped.mipmapLevelsMade, 3, "levels 2 and 3 made from level 1, level 1 kept")
        let deeper = target.readPixels()
        try renderer.draw(zoom, from: from, to: direct, progress: 0.0, into: target)
        XCTAssertEqual(direct.mipmapLevelsMade, 3)
        XCTAssertEqual(target.readPixels(), deeper, "the same levels as made at once from the picture")
        // Level 0 is sampled as the picture again: the base level went back.
        try renderer.draw(zoom, from: from, to: stepped, progress: 1, into: target)
        let whole = target.readPixels()
        XCTAssertEqual(whole, RenderFixture.to, "the whole picture at its own size, its marker where it was")
    }
}
