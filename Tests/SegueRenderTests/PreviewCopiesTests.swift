@testable import SegueRender
import SegueEngine
import SegueImaging
import XCTest

/// The switcher's previews: small copies of whole screens, upright, made
/// again only once their screen changed, at most the budget a frame, the
/// longest waiting first.
final class PreviewCopiesTests: XCTestCase {
    private let width = 192, height = 108

    /// What `texture` holds, read through a target it is drawn into at its size.
    private func pixels(of texture: Texture, _ renderer: Renderer) throws -> RGBAImage {
        let target = try RenderTarget(width: texture.width, height: texture.height)
        try renderer.render(.surfaces([SurfaceLayer(texture, at: target.bounds)], background: (0, 0, 0)), into: target)
        return target.readPixels(opaque: true)
    }

    private func screen(_ fill: RGBA) throws -> Texture {
        var image = RGBAImage(width: width, height: height, fill: fill)
        image.fill(RGBA(255, 255, 255), x: 0, y: 0, width: 48, height: 27)
        return try Texture(image: image)
    }

    func testACopyIsTheScreenAtThePreviewsSizeUpright() throws {
        let renderer = try RenderFixture.renderer()
        let copies = PreviewCopies(renderer: renderer)
        let red = try screen(RGBA(220, 0, 0))
        let key = ObjectIdentifier(red)
        let due = copies.due([(key, false)], budget: 0)
        XCTAssertEqual(due, [key], "one with no copy is made whatever the budget")
        let copy = try XCTUnwrap(copies.copies(of: [(key, 48, 27)], renewing: due) { _ in red }.first ?? nil)
        XCTAssertEqual(copy.width, 48)
        XCTAssertEqual(copy.height, 27)
        let image = try pixels(of: copy, renderer)
        XCTAssertEqual(image[2, 2], RGBA(255, 255, 255), "the marker top left")
        XCTAssertEqual(image[40, 20], RGBA(220, 0, 0))
        XCTAssertEqual(image[10, 5], RGBA(255, 255, 255), "a quarter of the screen, a quarter of the copy")
        XCTAssertEqual(image[13, 8], RGBA(220, 0, 0))
    }

    /// Before the overlay shows, copies are made one at a time; once each has one, there is none to make.
    func testMissingCopiesAreMadeOneAtATimeAhead() throws {
        let renderer = try RenderFixture.renderer()
        let copies = PreviewCopies(renderer: renderer)
        let screens = try (0..<2).map { _ in try screen(RGBA(220, 0, 0)) }
        let previews = screens.map { (ObjectIdentifier($0), 48, 27) }
        let find = { (key: ObjectIdentifier) in screens.first { ObjectIdentifier($0) == key } }
        XCTAssertTrue(copies.makeFirstMissing(previews, screen: find))
        XCTAssertEqual(copies.due(previews.map { ($0.0, false) }, budget: 0), [ObjectIdentifier(screens[1])], "the second still to make")
        XCTAssertTrue(copies.makeFirstMissing(previews, screen: find))
        XCTAssertFalse(copies.makeFirstMissing(previews, screen: find))
        XCTAssertEqual(copies.due(previews.map { ($0.0, false) }, budget: 0), [])
    }

    func testChangedScreensAreCopiedAgainAtMostTheBudgetAFrameTheLongestWaitingFirst() throws {
        let renderer = try RenderFixture.renderer()
        let copies = PreviewCopies(renderer: renderer)
        let screens = try (0..<3).map { _ in try screen(RGBA(220, 0, 0)) }
        let keys = screens.map(ObjectIdentifier.init)
        func frame(changed: Set<Int>) throws -> [RGBA] {
            let due = copies.due(keys.enumerated().map { ($1, changed.contains($0)) }, budget: 1)
            let made = copies.copies(of: keys.map { ($0, 48, 27) }, renewing: due) { key in screens.first { ObjectIdentifier($0) == key } }
            return try made.map { try pixels(of: XCTUnwrap($0), renderer)[40, 20] }
        }
        XCTAssertEqual(try frame(changed: []), Array(repeating: RGBA(220, 0, 0), count: 3))
        var green = RGBAImage(width: width, height: height, fill: RGBA(0, 200, 0))
        green.fill(RGBA(255, 255, 255), x: 0, y: 0, width: 48, height: 27)
        for screen in screens { green.pixels.withUnsafeBytes { screen.upload($0, stride: width * 4, format: .rgba8888) } }
        XCTAssertEqual(try frame(changed: [0, 1, 2]), [RGBA(0, 200, 0), RGBA(220, 0, 0), RGBA(220, 0, 0)], "one a frame")
        XCTAssertEqual(copies.behind, 2, "two left for the next frames")
        XCTAssertEqual(try frame(changed: [1, 2]), [RGBA(0, 200, 0), RGBA(0, 200, 0), RGBA(220, 0, 0)])
        XCTAssertEqual(try frame(changed: [2]), [RGBA(0, 200, 0), RGBA(0, 200, 0), RGBA(0, 200, 0)])
        XCTAssertEqual(copies.behind, 0)
        XCTAssertEqual(copies.due(keys.map { ($0, false) }, budget: 1), [], "an unchanged screen's copy stands")
    }
}
