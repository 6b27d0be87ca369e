import SegueEngine
import SegueImaging
@testable import SegueRender
import XCTest

/// Textures take Wayland's byte order and an explicit stride, and can be
/// updated one damaged rectangle at a time.
final class TextureUploadTests: XCTestCase {
    /// Shows a texture as a shader samples it, by drawing crossfade's shader at progress 0.
    private func show(_ texture: Texture) throws -> RGBAImage {
        let renderer = try RenderFixture.renderer()
        let target = try RenderTarget(width: texture.width, height: texture.height)
        try renderer.draw(EffectSettings(try RenderFixture.effect("crossfade")), from: texture, to: texture,
                          progress: 0, form: .shader, into: target)
        return target.readPixels()
    }

    /// 4×2 pixels in wl_shm byte order (B, G, R, A per pixel), rows padded to `stride`.
    private func shmBytes(stride: Int, alpha: UInt8) -> [UInt8] {
        var bytes = [UInt8](repeating: 0xEE, count: stride * 2)
        let colors: [(UInt8, UInt8, UInt8)] = [(255, 0, 0), (0, 255, 0), (0, 0, 255), (10, 20, 30),
                                               (200, 100, 50), (1, 2, 3), (255, 255, 255), (0, 0, 0)]
        for (i, c) in colors.enumerated() {
            let offset = (i / 4) * stride + (i % 4) * 4
            bytes[offset] = c.2
            bytes[offset + 1] = c.1
            bytes[offset + 2] = c.0
            bytes[offset + 3] = alpha
        }
        return bytes
    }

    func testArgb8888WithPaddedStrideIsReadInWaylandByteOrder() throws {
        _ = try RenderFixture.renderer()
        let texture = try Texture(width: 4, height: 2)
        shmBytes(stride: 24, alpha: 255).withUnsafeBytes { texture.upload($0, stride: 24, format: .argb8888) }
        let image = try show(texture)
        XCTAssertEqual(image[0, 0], RGBA(255, 0, 0))
        XCTAssertEqual(image[1, 0], RGBA(0, 255, 0))
        XCTAssertEqual(image[2, 0], RGBA(0, 0, 255))
        XCTAssertEqual(image[3, 0], RGBA(10, 20, 30))
        XCTAssertEqual(image[0, 1], RGBA(200, 100, 50), "the second row starts after the padding")
        XCTAssertEqual(image[3, 1], RGBA(0, 0, 0))
    }

    func testXrgb8888IgnoresTheUnusedByte() throws {
        _ = try RenderFixture.renderer()
        let texture = try Texture(width: 4, height: 2)
        shmBytes(stride: 16, alpha: 7).withUnsafeBytes { texture.upload($0, stride: 16, format: .xrgb8888) }
        let image = try show(texture)
        XCTAssertEqual(image[0, 0], RGBA(255, 0, 0, 255))
        XCTAssertEqual(image[0, 1], RGBA(200, 100, 50, 255))
    }

    func testUploadingADamagedRectangleChangesOnlyThatRectangle() throws {
        _ = try RenderFixture.renderer()
        let texture = try Texture(image: RGBAImage(width: 8, height: 8, fill: RGBA(0, 0, 0)))
        let white = RGBAImage(width: 8, height: 8, fill: .white)
        white.pixels.withUnsafeBytes {
            texture.upload($0, stride: 32, format: .rgba8888, region: PixelRect(x: 2, y: 3, width: 3, height: 2))
        }
        let image = try show(texture)
        for y in 0..<8 {
            for x in 0..<8 {
                let inside = (2..<5).contains(x) && (3..<5).contains(y)
                XCTAssertEqual(image[x, y], inside ? .white : RGBA(0, 0, 0), "(\(x), \(y))")
            }
        }
    }

    /// BGRA8 where the context offers it (llvmpipe does), RGBA8 with swizzles
    /// otherwise: both storages show wl_shm's bytes and an image the same, into
    /// targets of either storage, and read back in RGBA order.
    func testBothStoragesShowTheSameColoursInEveryTarget() throws {
        let renderer = try RenderFixture.renderer()
        XCTAssertEqual(TextureStorage.native, .bgra8, "Mesa offers GL_EXT_texture_format_BGRA8888")
        var image = RGBAImage(width: 4, height: 2, fill: RGBA(10, 20, 30))
        image[0, 0] = RGBA(255, 0, 0)
        image[3, 1] = RGBA(0, 0, 255)
        for textureStorage in [TextureStorage.bgra8, .rgba8] {
            for targetStorage in [TextureStorage.bgra8, .rgba8] {
                let what = "\(textureStorage) into \(targetStorage)"
                let target = try RenderTarget(width: 4, height: 2, storage: targetStorage)
                let shm = try Texture(width: 4, height: 2, storage: textureStorage)
                shmBytes(stride: 16, alpha: 7).withUnsafeBytes { shm.upload($0, stride: 16, format: .xrgb8888) }
                try renderer.compose([SurfaceLayer(shm, at: PixelRect(x: 0, y: 0, width: 4, height: 2))], background: (0, 0, 0), into: target)
                // XRGB's unused byte travels as it is (the linear path reads texels
                // untouched); the target is opaque and reads back so.
                let shown = target.readPixels(opaque: true)
                XCTAssertEqual(shown[0, 0], RGBA(255, 0, 0), what)
                XCTAssertEqual(shown[2, 0], RGBA(0, 0, 255), what)
                XCTAssertEqual(shown[0, 1], RGBA(200, 100, 50), what)

                try renderer.compose([SurfaceLayer(try Texture(image: image, storage: textureStorage), at: PixelRect(x: 0, y: 0, width: 4, height: 2))],
                                     background: (0, 0, 0), into: target)
                XCTAssertEqual(target.readPixels(), image, what)
                // A blit copies the texels, pixel for pixel.
                let copy = try RenderTarget(width: 4, height: 2, storage: targetStorage)
                renderer.copy(try target.drawnTexture(), into: copy)
                XCTAssertEqual(copy.readPixels(), image, "\(what), blitted")
            }
        }
    }

    func testAStrideTooSmallOrMemoryTooShortUploadsNothing() throws {
        _ = try RenderFixture.renderer()
        let texture = try Texture(image: RGBAImage(width: 4, height: 2, fill: RGBA(9, 9, 9)))
        let bytes = shmBytes(stride: 16, alpha: 255)
        bytes.withUnsafeBytes { texture.upload($0, stride: 12, format: .argb8888) }
        bytes.withUnsafeBytes { texture.upload(UnsafeRawBufferPointer(rebasing: $0[0..<20]), stride: 16, format: .argb8888) }
        XCTAssertEqual(try show(texture)[0, 0], RGBA(9, 9, 9))
    }

    func testTextureSizesOutsideTheSupportedRangeAreRefused() throws {
        _ = try RenderFixture.renderer()
        XCTAssertThrowsError(try Texture(width: 0, height: 10))
        XCTAssertThrowsError(try Texture(width: 20000, height: 10))
    }
}
