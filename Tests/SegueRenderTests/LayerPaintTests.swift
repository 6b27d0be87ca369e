import SegueEngine
import SegueImaging
@testable import SegueRender
import XCTest

/// EffectLayer lists drawn with `Renderer.paint`, as an embedder draws its own:
/// screens land where their frames say, colours stay inside their frames, and
/// a client's buffer shows its own colours whichever storage the GL offers.
final class LayerPaintTests: XCTestCase {
    private let red = RGBA(255, 0, 0), blue = RGBA(0, 0, 255), black = RGBA(0, 0, 0)

    /// Blue, with a red `size`×`size` square at the top-left.
    private func marked(width: Int, height: Int, size: Int = 6) -> RGBAImage {
        var image = RGBAImage(width: width, height: height, fill: blue)
        for y in 0..<size { for x in 0..<size { image[x, y] = red } }
        return image
    }

    /// An embedder's own layer list: a screen turned a half turn about the
    /// output's centre shows its top-left marker at the bottom-right, and one
    /// moved and scaled to a quarter shows it at its frame's top-left.
    func testAnEmbeddersLayersPaintTurnedAndMovedScreensWhereTheirFramesSay() throws {
        let renderer = try RenderFixture.renderer()
        let from = try Texture(image: marked(width: 96, height: 54)), to = try Texture(image: marked(width: 96, height: 54))
        let target = try RenderTarget(width: 96, height: 54)
        let full = LayerRect(x: 0, y: 0, width: 96, height: 54)
        try renderer.paint([EffectLayer(.from, frame: full, rotation: LayerRotation(angle: .pi, pivotX: 48, pivotY: 27))],
                           from: from, to: to, into: target)
        let turned = target.readPixels()
        XCTAssertEqual(turned[94, 52], red, "the marker, turned to the bottom-right")
        XCTAssertEqual(turned[1, 1], blue, "none left at the top-left")
        try renderer.paint([EffectLayer(.color(red: 0, green: 0, blue: 0), frame: full),
                            EffectLayer(.to, frame: LayerRect(x: 40, y: 20, width: 48, height: 27))], from: from, to: to, into: target)
        let moved = target.readPixels()
        XCTAssertEqual(moved[41, 21], red, "the marker at the frame's top-left")
        XCTAssertEqual(moved[45, 25], blue, "past the marker, halved")
        XCTAssertEqual(moved[20, 10], black, "the colour layer under it")
    }

    /// A colour under a circle mask covers the circle only inside its frame,
    /// turned or not.
    func testAColourUnderACircleMaskStaysInsideItsFrame() throws {
        let renderer = try RenderFixture.renderer()
        let screen = try Texture(image: marked(width: 64, height: 64))
        let target = try RenderTarget(width: 64, height: 64)
        let full = LayerRect(x: 0, y: 0, width: 64, height: 64), left = LayerRect(x: 0, y: 0, width: 32, height: 64)
        for rotation in [nil, LayerRotation(angle: 0.001, pivotX: 0, pivotY: 0)] {
            try renderer.paint([EffectLayer(.color(red: 0, green: 0, blue: 0), frame: full),
                                EffectLayer(.color(red: 1, green: 0, blue: 0), frame: left, rotation: rotation,
                                      mask: .circle(LayerCircle(centerX: 32, centerY: 32, radius: 20)))],
                               from: screen, to: screen, into: target)
            let image = target.readPixels(opaque: true)
            XCTAssertEqual(image[24, 32], red, "inside the circle and the frame, turned: \(rotation != nil)")
            let outside = (0..<64).reduce(0) { count, y in count + (34..<64).filter { image[$0, y] != black }.count }
            XCTAssertEqual(outside, 0, "pixels right of the frame painted, turned: \(rotation != nil)")
        }
    }

    /// Where the GL offers no BGRA8, a client's XRGB buffer is stored as RGBA8
    /// with red and blue swapped back by its swizzle; a blit would skip that, so
    /// such a screen is drawn, not copied, whether presented or a layer.
    func testAClientsBufferInRgba8StorageKeepsItsColoursPresentedOrPainted() throws {
        let renderer = try RenderFixture.renderer()
        let image = marked(width: 16, height: 8, size: 3)
        // As the client's wl_shm buffer holds it: B, G, R, X.
        var bytes = [UInt8](repeating: 0, count: 16 * 8 * 4)
        for y in 0..<8 {
            for x in 0..<16 {
                let pixel = image[x, y], i = (y * 16 + x) * 4
                (bytes[i], bytes[i + 1], bytes[i + 2], bytes[i + 3]) = (pixel.b, pixel.g, pixel.r, 7)
            }
        }
        let client = try Texture(width: 16, height: 8, storage: .rgba8)
        bytes.withUnsafeBytes { client.upload($0, stride: 64, format: .xrgb8888) }
        XCTAssertFalse(client.blitsAsItLooks)
        for storage in [TextureStorage.bgra8, .rgba8] {
            let target = try RenderTarget(width: 16, height: 8, storage: storage)
            try renderer.render(.screen(client, filling: target, background: (0, 0, 0)), into: target)
            var shown = target.readPixels(opaque: true)
            XCTAssertEqual([shown[1, 1], shown[10, 5]], [red, blue], "presented into \(storage)")
            try renderer.paint([EffectLayer(.from, frame: LayerRect(x: 0, y: 0, width: 16, height: 8))], from: client, to: client, into: target)
            shown = target.readPixels(opaque: true)
            XCTAssertEqual([shown[1, 1], shown[10, 5]], [red, blue], "painted into \(storage)")
        }
    }
}
