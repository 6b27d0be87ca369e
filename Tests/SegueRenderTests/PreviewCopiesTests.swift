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
        let copies = PreviewCopies(painter: renderer)
        let red = try screen(RGBA(220, 0, 0))
        let key = ObjectIdentifier(red)
        let (turns, remake) = copies.turns([(key, false)], budget: 0)
        XCTAssertEqual(turns, [key], "one with no copy has its turn whatever the budget")
        XCTAssertEqual(remake, [key])
        let copy = try XCTUnwrap(copies.copies(of: [(key, 48, 27)], renewing: remake) { _ in red }.first ?? nil)
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
        let copies = PreviewCopies(painter: renderer)
        let screens = try (0..<2).map { _ in try screen(RGBA(220, 0, 0)) }
        let previews = screens.map { (ObjectIdentifier($0), 48, 27) }
        let find = { (key: ObjectIdentifier) in screens.first { ObjectIdentifier($0) == key } }
        XCTAssertTrue(copies.makeFirstMissing(previews, screen: find))
        XCTAssertEqual(copies.turns(previews.map { ($0.0, false) }, budget: 0).remake, [ObjectIdentifier(screens[1])], "the second still to make")
        XCTAssertTrue(copies.makeFirstMissing(previews, screen: find))
        XCTAssertFalse(copies.makeFirstMissing(previews, screen: find))
        XCTAssertEqual(copies.turns(previews.map { ($0.0, false) }, budget: 0).remake, [])
    }

    /// One turn a frame, round the previews: at its turn a preview whose screen changed is made again.
    func testPreviewsTakeTurnsAndAreMadeAgainAtTheirTurnIfTheirScreenChanged() throws {
        let renderer = try RenderFixture.renderer()
        let copies = PreviewCopies(painter: renderer)
        let screens = try (0..<3).map { _ in try screen(RGBA(220, 0, 0)) }
        let keys = screens.map(ObjectIdentifier.init)
        func frame(changed: Set<Int>) throws -> (turn: [Int], colours: [RGBA]) {
            let (turns, remake) = copies.turns(keys.enumerated().map { ($1, changed.contains($0)) }, budget: 1)
            let made = copies.copies(of: keys.map { ($0, 48, 27) }, renewing: remake) { key in screens.first { ObjectIdentifier($0) == key } }
            return (keys.indices.filter { turns.contains(keys[$0]) }, try made.map { try pixels(of: XCTUnwrap($0), renderer)[40, 20] })
        }
        XCTAssertEqual(try frame(changed: []).turn, [0, 1, 2], "each makes its first copy")
        var green = RGBAImage(width: width, height: height, fill: RGBA(0, 200, 0))
        green.fill(RGBA(255, 255, 255), x: 0, y: 0, width: 48, height: 27)
        for screen in screens { green.pixels.withUnsafeBytes { screen.upload($0, stride: width * 4, format: .rgba8888) } }
        let red = RGBA(220, 0, 0), greenColour = RGBA(0, 200, 0)
        let first = try frame(changed: [0, 1, 2])
        XCTAssertEqual(first.turn.count, 1, "one turn a frame")
        XCTAssertEqual(first.colours.filter { $0 == greenColour }.count, 1)
        let second = try frame(changed: Set([0, 1, 2]).subtracting(first.turn))
        XCTAssertEqual(second.colours.filter { $0 == greenColour }.count, 2)
        XCTAssertNotEqual(second.turn, first.turn, "the next turn is another's")
        let third = try frame(changed: Set([0, 1, 2]).subtracting(first.turn + second.turn))
        XCTAssertEqual(third.colours, [greenColour, greenColour, greenColour])
        XCTAssertEqual(Set(first.turn + second.turn + third.turn), [0, 1, 2], "round them all")
        XCTAssertEqual(try frame(changed: []).turn, first.turn, "and round again; an unchanged screen's turn makes nothing")
        XCTAssertFalse(third.colours.contains(red))
    }
}
