import CEGL
import SegueEngine
import SegueImaging
@testable import SegueRender
import XCTest

/// A texture whose storage is an EGLImage, as a client's imported dmabuf is:
/// here the image of another texture (llvmpipe imports no dmabufs), which
/// exercises all but the import itself.
final class ImageTextureTests: XCTestCase {
    /// A texture over an EGLImage of `image`, uploaded to a texture of its own.
    private func imageTexture(of image: RGBAImage, opaque: Bool, renderer: Renderer) throws -> Texture {
        let source = try Texture(image: image)
        let eglImage = segue_egl_texture_image(renderer.context.display, renderer.context.context, source.id)
        guard let eglImage, eglImage != segue_egl_no_image() else {
            throw RenderError("this EGL makes no EGLImage of a GL texture (EGL_KHR_gl_texture_2D_image)")
        }
        return try Texture(image: eglImage, display: renderer.context.display, width: image.width, height: image.height, opaque: opaque)
    }

    func testAnImageTextureIsDrawnAsItsImageHoldsItRowsTopFirst() throws {
        let renderer = try RenderFixture.renderer()
        let red = RGBA(255, 0, 0), blue = RGBA(0, 0, 255)
        let picture = { () -> RGBAImage in
            var image = RGBAImage(width: 16, height: 8, fill: blue)
            image.fill(red, x: 0, y: 0, width: 3, height: 2)
            return image
        }()
        let texture = try imageTexture(of: picture, opaque: true, renderer: renderer)
        XCTAssertTrue(texture.isOpaque)
        XCTAssertEqual(texture.deepestLevel, 0, "no mipmaps are made over a client's memory")
        let output = try RenderTarget(width: 16, height: 8)
        try renderer.render(.screen(texture, filling: output, background: (0, 1, 0)), into: output)
        let frame = output.readPixels(opaque: true)
        XCTAssertEqual(frame[1, 0], red, "the marker at the top left")
        XCTAssertEqual(frame[15, 7], blue)
        XCTAssertEqual(frame[1, 7], blue, "not flipped")
    }

    func testAnImageTextureWithAlphaIsBlendedAndItsAlphaIgnoredWhenOpaque() throws {
        let renderer = try RenderFixture.renderer()
        let clear = RGBAImage(width: 8, height: 4, fill: RGBA(0, 0, 0, 0))
        let blended = try imageTexture(of: clear, opaque: false, renderer: renderer)
        XCTAssertFalse(blended.isOpaque)
        let output = try RenderTarget(width: 8, height: 4)
        try renderer.render(.surfaces([SurfaceLayer(blended, at: PixelRect(x: 0, y: 0, width: 8, height: 4))], background: (0, 1, 0)),
                            into: output)
        XCTAssertEqual(output.readPixels(opaque: true)[4, 2], RGBA(0, 255, 0), "transparent: the background shows through")
        blended.reinterpret(as: .xrgb8888)
        try renderer.render(.surfaces([SurfaceLayer(blended, at: PixelRect(x: 0, y: 0, width: 8, height: 4))], background: (0, 1, 0)),
                            into: output)
        XCTAssertEqual(output.readPixels(opaque: true)[4, 2], RGBA(0, 0, 0), "its alpha ignored: black")
    }

    /// A buffer shown again with new content shows the new content, whether
    /// sampled where it is or drawn from an external image into a texture.
    func testAnImportShownAgainShowsItsNewContentAsItIsOrAsAnExternalImage() throws {
        let renderer = try RenderFixture.renderer()
        for external in [false, true] {
            if external && !renderer.drawsExternalImages { continue }
            let source = try Texture(image: marked(RGBA(0, 0, 255)))
            let eglImage = try XCTUnwrap(segue_egl_texture_image(renderer.context.display, renderer.context.context, source.id))
            let imported = try ImportedDmabuf(image: eglImage, width: 16, height: 8, opaque: true, external: external, renderer: renderer)
            XCTAssertEqual(try shown(imported.texture, renderer)[1, 0], RGBA(255, 0, 0), "external: \(external)")
            XCTAssertEqual(try shown(imported.texture, renderer)[15, 7], RGBA(0, 0, 255), "external: \(external)")
            // The client draws anew into the same memory.
            let green = marked(RGBA(0, 255, 0))
            green.pixels.withUnsafeBytes { source.upload($0, stride: 16 * 4, format: .rgba8888) }
            imported.refresh()
            XCTAssertEqual(try shown(imported.texture, renderer)[15, 7], RGBA(0, 255, 0), "external: \(external)")
        }
    }

    /// 16×8 of `fill` with a red marker at the top left.
    private func marked(_ fill: RGBA) -> RGBAImage {
        var image = RGBAImage(width: 16, height: 8, fill: fill)
        image.fill(RGBA(255, 0, 0), x: 0, y: 0, width: 3, height: 2)
        return image
    }

    private func shown(_ texture: Texture, _ renderer: Renderer) throws -> RGBAImage {
        let output = try RenderTarget(width: texture.width, height: texture.height)
        try renderer.render(.screen(texture, filling: output, background: (0, 1, 0)), into: output)
        return output.readPixels(opaque: true)
    }
}
