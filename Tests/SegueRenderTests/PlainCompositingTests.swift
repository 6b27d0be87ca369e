import SegueEngine
import SegueImaging
@testable import SegueRender
import XCTest

/// With no transition, the output's frame is the shown screen: copied as it is
/// when it is opaque and the output's size, drawn over the background otherwise.
final class PlainCompositingTests: XCTestCase {
    /// 4×2 wl_shm pixels (bytes B, G, R, A) with `alpha` in every fourth byte.
    private func shm(alpha: UInt8) -> [UInt8] {
        var bytes: [UInt8] = []
        for i in 0..<8 { bytes += i == 0 ? [0, 0, 255, alpha] : [30, 20, 10, alpha] }
        return bytes
    }

    func testAnOpaqueScreenOfTheOutputsSizeIsCopiedAndReadsBackOpaque() throws {
        let renderer = try RenderFixture.renderer()
        let window = try Texture(width: 4, height: 2)
        // XRGB's unused byte is 0 here, as many clients leave it.
        shm(alpha: 0).withUnsafeBytes { window.upload($0, stride: 16, format: .xrgb8888) }
        XCTAssertTrue(window.isOpaque)
        let output = try RenderTarget(width: 4, height: 2)
        try renderer.render(.screen(window, filling: output, background: (0, 1, 0)), into: output)
        let frame = output.readPixels(opaque: true)
        XCTAssertEqual(frame[0, 0], RGBA(255, 0, 0), "the red pixel top-left")
        XCTAssertEqual(frame[3, 1], RGBA(10, 20, 30))
        // A snapshot of that frame, drawn by an effect, is still opaque.
        let snapshot = try renderer.snapshot(of: output)
        let drawn = try RenderTarget(width: 4, height: 2)
        try renderer.draw(EffectSettings(try RenderFixture.effect("crossfade")), from: snapshot, to: snapshot,
                          progress: 0.5, into: drawn)
        XCTAssertEqual(drawn.readPixels(opaque: true)[0, 0], RGBA(255, 0, 0))
    }

    /// A window alone over nothing, as it is laid over the desktop: an opaque
    /// one covering the target, copied, reads back with alpha 1 whatever its
    /// unused byte; one smaller leaves the rest transparent.
    func testAnOpaqueWindowAloneIsOpaqueWhereItIsAndTransparentElsewhere() throws {
        let renderer = try RenderFixture.renderer()
        let window = try Texture(width: 4, height: 2)
        shm(alpha: 7).withUnsafeBytes { window.upload($0, stride: 16, format: .xrgb8888) }
        let alone = try RenderTarget(width: 4, height: 2)
        try renderer.composeAlone([SurfaceLayer(window, at: alone.bounds)], into: alone)
        XCTAssertEqual(alone.readPixels()[0, 0], RGBA(255, 0, 0, 255), "the red pixel top-left, opaque")
        XCTAssertEqual(alone.readPixels()[3, 1], RGBA(10, 20, 30, 255))
        let larger = try RenderTarget(width: 6, height: 4)
        try renderer.composeAlone([SurfaceLayer(window, at: PixelRect(x: 1, y: 1, width: 4, height: 2))], into: larger)
        let frame = larger.readPixels()
        XCTAssertEqual(frame[1, 1], RGBA(255, 0, 0, 255))
        XCTAssertEqual(frame[4, 2], RGBA(10, 20, 30, 255))
        XCTAssertEqual(frame[0, 0], RGBA(0, 0, 0, 0), "around it, nothing")
        XCTAssertEqual(frame[5, 3], RGBA(0, 0, 0, 0))
    }

    func testATranslucentScreenIsDrawnOverTheBackground() throws {
        let renderer = try RenderFixture.renderer()
        let window = try Texture(width: 4, height: 2)
        // ARGB, premultiplied: an opaque red pixel, the rest fully transparent.
        let bytes = [0, 0, 255, 255] + [UInt8](repeating: 0, count: 7 * 4)
        bytes.withUnsafeBytes { window.upload($0, stride: 16, format: .argb8888) }
        XCTAssertFalse(window.isOpaque)
        let output = try RenderTarget(width: 4, height: 2)
        try renderer.render(.screen(window, filling: output, background: (0, 1, 0)), into: output)
        let frame = output.readPixels(opaque: true)
        XCTAssertEqual(frame[0, 0], RGBA(255, 0, 0), "the opaque pixel")
        XCTAssertEqual(frame[3, 1], RGBA(0, 255, 0), "the background through a transparent one")
    }

    func testSurfacesWithNoDamageLeaveTheTargetAsItWas() throws {
        let renderer = try RenderFixture.renderer()
        let output = try RenderTarget(width: 96, height: 54)
        try renderer.render(.screen(try Texture(image: RenderFixture.from), filling: output, background: (0, 0, 0)), into: output)
        try renderer.render(.screen(try Texture(image: RenderFixture.to), filling: output, background: (0, 0, 0)), within: .none, into: output)
        XCTAssertEqual(output.readPixels(opaque: true), RenderFixture.from)
    }

    /// Damage: with a region, only that part of the target is redrawn, on
    /// either path; the rest keeps what it showed.
    func testAScreenRedrawnWithinDamageRedrawsOnlyThatRegion() throws {
        let renderer = try RenderFixture.renderer()
        for format in [PixelFormat.xrgb8888, .argb8888] {
            let output = try RenderTarget(width: 96, height: 54)
            try renderer.render(.screen(try Texture(image: RenderFixture.from), filling: output, background: (0, 0, 0)), into: output)
            let second = try Texture(width: 96, height: 54)
            var bytes: [UInt8] = []
            for y in 0..<54 {
                for x in 0..<96 {
                    let p = RenderFixture.to[x, y]
                    bytes += [p.b, p.g, p.r, 255]
                }
            }
            bytes.withUnsafeBytes { second.upload($0, stride: 96 * 4, format: format) }
            let region = PixelRect(x: 10, y: 5, width: 30, height: 20)
            try renderer.render(.screen(second, filling: output, background: (0, 0, 0)), within: OutputDamage([region]), into: output)
            let frame = output.readPixels(opaque: true)
            for (x, y) in [(10, 5), (39, 24), (20, 10)] {
                XCTAssertEqual(frame[x, y], RenderFixture.to[x, y], "\(format) inside the region at (\(x), \(y))")
            }
            for (x, y) in [(9, 5), (40, 24), (10, 4), (39, 25), (95, 53), (0, 0)] {
                XCTAssertEqual(frame[x, y], RenderFixture.from[x, y], "\(format) outside the region at (\(x), \(y))")
            }
        }
    }
}
